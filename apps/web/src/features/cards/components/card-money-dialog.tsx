import type { CardProgram, TopUpTier } from '@sbo/contracts/schemas/cards';
import { Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currencySymbol, formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/messages';
import { formatMajorAmount, parseMajorAmount } from '../../../lib/money-input';
import { useCardAdjust, type CardChange } from '../api/card-adjust';
import { useCardTopUp } from '../api/card-top-up';
import { newIdempotencyKey } from '../utils/idempotency';
import { parseSignedAmount, parseSignedPoints } from '../utils/signed-input';

export type MoneyDialogKind = 'topUp' | 'adjust';

type CardMoneyDialogProps = {
  kind: MoneyDialogKind;
  program: CardProgram;
  cardId: number;
  currency: string;
  tiers: readonly TopUpTier[];
  onClose: () => void;
};

type MoneyValues = { amount?: string; balanceChange?: string; pointChange?: string; reason: string };

/** What a manual change added: the top-up and its reward, or the correction. */
function changeSummary(change: CardChange) {
  const sum = (kind: string) =>
    change.entries.filter((entry) => entry.kind === kind).reduce((total, entry) => total + entry.balanceChange, 0);
  return { topUp: sum('topUp'), reward: sum('topUpReward') };
}

/**
 * A top-up paid at the counter, or a correction of the balance (and points, for a member card), each with a
 * reason. Mounted once per opening, so its idempotency key is the opening's: a double click or a retry of
 * the same dialog changes the card once.
 */
export function CardMoneyDialog({ kind, program, cardId, currency, tiers, onClose }: CardMoneyDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MoneyValues>();
  const [idempotencyKey] = useState(() => newIdempotencyKey(`${kind}-${cardId}`));
  const topUp = useCardTopUp(cardId);
  const adjust = useCardAdjust(program, cardId);
  const pending = topUp.isPending || adjust.isPending;

  const submit = async (values: MoneyValues) => {
    const reason = values.reason.trim();
    if (kind === 'topUp') {
      const amount = parseMajorAmount(values.amount ?? '', currency) ?? 0;
      const result = await topUp.mutateAsync({ body: { amount, reason }, idempotencyKey });
      const { topUp: paid, reward } = changeSummary(result);
      toast.success(
        reward
          ? t('cards.money.toppedUpWithReward', {
              amount: formatMoney(paid, currency),
              reward: formatMoney(reward, currency),
            })
          : t('cards.money.toppedUp', { amount: formatMoney(paid, currency) }),
      );
    } else {
      const balanceChange = parseSignedAmount(values.balanceChange ?? '', currency) ?? 0;
      const pointChange = program === 'ok' ? 0 : (parseSignedPoints(values.pointChange ?? '') ?? 0);
      await adjust.mutateAsync({ body: { balanceChange, pointChange, reason }, idempotencyKey });
      toast.success(t('cards.money.adjusted'));
    }
    onClose();
  };

  const amountRule = {
    validator: (_: unknown, value?: string) => {
      const minor = parseMajorAmount(value ?? '', currency);
      return minor !== null && minor > 0 ? Promise.resolve() : Promise.reject(new Error(t('cards.money.amountRule')));
    },
  };
  const changeRule = {
    validator: () => {
      const { balanceChange = '', pointChange = '' } = form.getFieldsValue();
      const balance = balanceChange.trim() ? parseSignedAmount(balanceChange, currency) : 0;
      const points = pointChange.trim() ? parseSignedPoints(pointChange) : 0;
      if (balance === null || points === null) return Promise.reject(new Error(t('cards.money.changeRule')));
      if (!balance && !points) return Promise.reject(new Error(t('cards.money.needChange')));
      return Promise.resolve();
    },
  };

  return (
    <Modal
      open
      title={t(kind === 'topUp' ? 'cards.money.topUpTitle' : 'cards.money.adjustTitle')}
      okText={t(kind === 'topUp' ? 'cards.money.topUpSubmit' : 'cards.money.adjustSubmit')}
      cancelText={t('alert.cancel')}
      okButtonProps={{ loading: pending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<MoneyValues>
        form={form}
        layout="vertical"
        onFinish={(values) => void submit(values).catch(() => undefined)}
      >
        {kind === 'topUp' ? (
          <>
            <Form.Item
              name="amount"
              label={t('cards.money.amount', { currency: currencySymbol(currency) })}
              rules={[amountRule]}
            >
              <Input inputMode="decimal" autoComplete="off" />
            </Form.Item>
            {tiers.length ? (
              <div className="card-tier-picks">
                <span className="card-muted">{t('cards.money.tiers')}</span>
                <Space wrap size={4}>
                  {tiers.map((tier) => (
                    <Button
                      key={tier.amount}
                      size="small"
                      onClick={() => form.setFieldValue('amount', formatMajorAmount(tier.amount, currency))}
                    >
                      {t('cards.settings.tierSummary', {
                        amount: formatMoney(tier.amount, currency),
                        reward: formatMoney(tier.reward, currency),
                      })}
                    </Button>
                  ))}
                </Space>
              </div>
            ) : null}
          </>
        ) : (
          <>
            <Form.Item
              name="balanceChange"
              label={t('cards.money.balanceChange', { currency: currencySymbol(currency) })}
              extra={t('cards.money.changeHint')}
              rules={[changeRule]}
            >
              <Input inputMode="decimal" autoComplete="off" placeholder="-50" />
            </Form.Item>
            {program === 'vip' ? (
              <Form.Item name="pointChange" label={t('cards.money.pointChange')} rules={[changeRule]}>
                <Input inputMode="numeric" autoComplete="off" placeholder="+10" />
              </Form.Item>
            ) : null}
          </>
        )}
        <Form.Item
          name="reason"
          label={t('cards.money.reason')}
          rules={[{ required: true, whitespace: true, message: t('cards.money.reasonRule') }]}
        >
          <Input.TextArea
            maxLength={200}
            showCount
            autoSize={{ minRows: 2 }}
            placeholder={t('cards.money.reasonHint')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
