import type { CashboxTripDetail } from '@sbo/contracts';
import { Badge, Button, Card, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currencySymbol, formatMoney } from '../../../lib/format';
import { useMerchantClock } from '../../../lib/merchant-clock';
import { formatMajorAmount, parseMajorAmount } from '../../../lib/money-input';
import { useRecordCollection } from '../api/trip';
import { Difference } from './difference';

type TripItem = CashboxTripDetail['items'][number];
type TripMachineCardProps = { tripId: number; item: TripItem; currency: string; open: boolean };

const resetColors = { ok: 'success', failed: 'error', timeout: 'warning', offline: 'default' } as const;

/** One machine of a trip: its cash box now, what was expected, what was collected, the difference. */
export function TripMachineCard({ tripId, item, currency, open }: TripMachineCardProps) {
  const { t } = useTranslation();
  const clock = useMerchantClock();
  const record = useRecordCollection(tripId);
  const saved = item.collectedAmount === null ? '' : formatMajorAmount(item.collectedAmount, currency);
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState(false);
  const value = text ?? saved;
  const money = (amount: number) => formatMoney(amount, currency);
  const inputId = `collected-${item.deviceId}`;

  const save = async () => {
    const collectedAmount = parseMajorAmount(value, currency);
    setProblem(collectedAmount === null);
    if (collectedAmount === null) return;
    await record.mutateAsync({ deviceId: item.deviceId, collectedAmount });
    setText(null);
  };

  return (
    <Card size="small" className="cashbox-machine" data-testid="trip-machine">
      <div className="cashbox-machine-head">
        <div>
          <div className="cashbox-machine-name">{item.deviceName}</div>
          <div className="cashbox-muted">{item.place?.name ?? t('cashbox.noPlace')}</div>
        </div>
        <Badge
          status={item.online ? 'success' : 'default'}
          text={t(item.online ? 'cashbox.online' : 'cashbox.offline')}
        />
      </div>
      <dl className="cashbox-figures">
        {open ? (
          <>
            <dt>{t('cashbox.currentAmount')}</dt>
            <dd data-testid="current-amount">{money(item.currentAmount)}</dd>
          </>
        ) : null}
        <dt>{t('cashbox.expected')}</dt>
        <dd>{money(item.expectedAmount)}</dd>
        <dt>{t('cashbox.collected')}</dt>
        <dd>{item.collectedAmount === null ? '—' : money(item.collectedAmount)}</dd>
        <dt>{t('cashbox.difference')}</dt>
        <dd>
          <Difference value={item.difference} currency={currency} />
        </dd>
        {item.resetResult ? (
          <>
            <dt>{t('cashbox.resetResult')}</dt>
            <dd>
              <Tag color={resetColors[item.resetResult]} data-testid="reset-result">
                {t(`cashbox.reset.${item.resetResult}`)}
              </Tag>
            </dd>
          </>
        ) : null}
      </dl>
      {item.collectedAt ? (
        <div className="cashbox-muted cashbox-collected-at">
          {t('cashbox.collectedAt', { time: clock.dateTime(item.collectedAt) })}
        </div>
      ) : null}
      {open ? (
        <form
          className="cashbox-collect"
          onSubmit={(event) => {
            event.preventDefault();
            void save().catch(() => undefined);
          }}
        >
          <label htmlFor={inputId} className="cashbox-collect-label">
            {t('cashbox.collectedInput', { currency: currencySymbol(currency) })}
          </label>
          <Space.Compact block>
            <Input
              id={inputId}
              inputMode="decimal"
              autoComplete="off"
              value={value}
              status={problem ? 'error' : undefined}
              aria-invalid={problem}
              aria-describedby={problem ? `${inputId}-error` : undefined}
              onChange={(event) => {
                setText(event.target.value);
                setProblem(false);
              }}
              data-testid="collected-input"
            />
            <Button htmlType="submit" loading={record.isPending} disabled={text === null || text === saved}>
              {t('cashbox.save')}
            </Button>
          </Space.Compact>
          {problem ? (
            <div id={`${inputId}-error`} className="cashbox-input-error" role="alert">
              {t('cashbox.amountInvalid')}
            </div>
          ) : null}
        </form>
      ) : null}
    </Card>
  );
}
