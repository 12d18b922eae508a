import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { calculationTypes } from '@sbo/contracts';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { currencyExponent, currencySymbol } from '../../../lib/format';
import {
  allWeekdays,
  kindsFor,
  type DiscountKind,
  type DraftErrors,
  type PromotionDraft,
} from '../utils/promotion-draft';

type Props = {
  draft: PromotionDraft;
  errors: DraftErrors;
  currency: string;
  change: (next: Partial<PromotionDraft>) => void;
};

const fieldProps = (errors: DraftErrors, key: string) =>
  errors[key] ? { validateStatus: 'error' as const, help: errors[key] } : {};

/** The rules of the promotion's category: a happy hour's days, windows and discounts, a bonus, a reward. */
export function RulesFields({ draft, errors, currency, change }: Props) {
  const { t } = useTranslation();
  const moneyHint = currencyExponent(currency) > 0 ? '0.00' : '0';
  if (draft.category === 'spending_bonus')
    return (
      <div className="promotion-fields">
        <Form.Item label={t('promotions.field.minSpend')} required {...fieldProps(errors, 'spendingBonus.minSpend')}>
          <Input
            inputMode="decimal"
            value={draft.minSpend}
            suffix={currencySymbol(currency)}
            placeholder={moneyHint}
            onChange={(e) => change({ minSpend: e.target.value })}
          />
        </Form.Item>
        <Form.Item label={t('promotions.field.within')}>
          <Radio.Group
            value={draft.within}
            onChange={(e) => change({ within: e.target.value as PromotionDraft['within'] })}
            options={[
              { value: 'visit', label: t('promotions.within.visit') },
              { value: 'period', label: t('promotions.within.period') },
            ]}
          />
        </Form.Item>
        {draft.within === 'period' ? (
          <Form.Item
            label={t('promotions.field.periodDays')}
            required
            {...fieldProps(errors, 'spendingBonus.periodDays')}
          >
            <InputNumber
              min={1}
              max={366}
              precision={0}
              value={draft.periodDays}
              suffix={t('promotions.days')}
              onChange={(value) => change({ periodDays: value ?? null })}
            />
          </Form.Item>
        ) : null}
        <Form.Item label={t('promotions.field.bonusKind')}>
          <Radio.Group
            value={draft.bonusKind}
            onChange={(e) => change({ bonusKind: e.target.value as PromotionDraft['bonusKind'] })}
            options={[
              { value: 'credit', label: t('promotions.bonus.credit') },
              { value: 'points', label: t('promotions.bonus.points') },
            ]}
          />
        </Form.Item>
        <Form.Item
          label={t('promotions.field.bonusValue')}
          required
          {...fieldProps(errors, 'spendingBonus.bonusValue')}
        >
          <Input
            inputMode={draft.bonusKind === 'points' ? 'numeric' : 'decimal'}
            value={draft.bonusValue}
            suffix={draft.bonusKind === 'points' ? t('promotions.bonus.pointsUnit') : currencySymbol(currency)}
            onChange={(e) => change({ bonusValue: e.target.value })}
          />
        </Form.Item>
      </div>
    );

  if (draft.category === 'deposit_reward')
    return (
      <div className="promotion-fields">
        <Form.Item
          label={t('promotions.field.depositRewardAmount')}
          extra={t('promotions.hint.depositRewardAmount')}
          required
          {...fieldProps(errors, 'depositRewardAmount')}
        >
          <Input
            inputMode="decimal"
            value={draft.depositAmount}
            suffix={currencySymbol(currency)}
            placeholder={moneyHint}
            onChange={(e) => change({ depositAmount: e.target.value })}
          />
        </Form.Item>
        <Form.Item
          label={t('promotions.field.depositRewardFeedback')}
          extra={t('promotions.hint.depositRewardFeedback')}
          required
          {...fieldProps(errors, 'depositRewardFeedback')}
        >
          <Input
            inputMode="decimal"
            value={draft.depositFeedback}
            suffix={currencySymbol(currency)}
            placeholder={moneyHint}
            onChange={(e) => change({ depositFeedback: e.target.value })}
          />
        </Form.Item>
      </div>
    );

  const allowed = kindsFor(draft.calculation);
  const overnight = draft.windows.some((w) => /^\d\d:\d\d$/.test(w.to) && w.to <= w.from);
  return (
    <div className="promotion-fields">
      <Form.Item label={t('promotions.field.weekdays')} required {...fieldProps(errors, 'timeDiscount.weekdays')}>
        <Checkbox.Group
          value={draft.weekdays}
          onChange={(days) => change({ weekdays: days })}
          options={allWeekdays.map((day) => ({ value: day, label: t(`promotions.weekdayShort.${day}`) }))}
        />
      </Form.Item>
      <fieldset className="promotion-rows">
        <legend>{t('promotions.field.windows')}</legend>
        <p className="promotion-muted">{t('promotions.hint.windows')}</p>
        {draft.windows.map((window, index) => (
          <div className="promotion-row promotion-window" key={index}>
            <Form.Item label={t('promotions.field.from')} {...fieldProps(errors, `timeDiscount.windows.${index}.from`)}>
              <Input
                value={window.from}
                placeholder="HH:MM"
                maxLength={5}
                aria-label={`${t('promotions.field.from')} ${index + 1}`}
                onChange={(e) =>
                  change({ windows: draft.windows.map((w, i) => (i === index ? { ...w, from: e.target.value } : w)) })
                }
              />
            </Form.Item>
            <Form.Item label={t('promotions.field.to')} {...fieldProps(errors, `timeDiscount.windows.${index}.to`)}>
              <Input
                value={window.to}
                placeholder="HH:MM"
                maxLength={5}
                aria-label={`${t('promotions.field.to')} ${index + 1}`}
                onChange={(e) =>
                  change({ windows: draft.windows.map((w, i) => (i === index ? { ...w, to: e.target.value } : w)) })
                }
              />
            </Form.Item>
            <Button
              type="text"
              className="promotion-row-remove"
              icon={<DeleteOutlined aria-hidden />}
              aria-label={t('promotions.removeWindow', { index: index + 1 })}
              disabled={draft.windows.length <= 1}
              onClick={() => change({ windows: draft.windows.filter((_, i) => i !== index) })}
            />
          </div>
        ))}
        {overnight ? <Alert type="info" showIcon title={t('promotions.hint.overnight')} /> : null}
        <Button
          icon={<PlusOutlined aria-hidden />}
          disabled={draft.windows.length >= 6}
          onClick={() => change({ windows: [...draft.windows, { from: '', to: '' }] })}
        >
          {t('promotions.addWindow')}
        </Button>
      </fieldset>
      <Form.Item label={t('promotions.field.calculation')}>
        <Radio.Group
          className="promotion-calculations"
          value={draft.calculation}
          onChange={(e) => {
            const calculation = e.target.value as PromotionDraft['calculation'];
            const kinds = kindsFor(calculation);
            change({
              calculation,
              discounts: draft.discounts.map((d) =>
                kinds.includes(d.kind) ? d : { ...d, kind: kinds[0] as DiscountKind, value: '' },
              ),
            });
          }}
        >
          {calculationTypes.map((type) => (
            <Radio key={type} value={type}>
              <strong>{t(`promotions.calculation.${type}`)}</strong>
              <span className="promotion-muted promotion-radio-note">{t(`promotions.calculationHint.${type}`)}</span>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <fieldset className="promotion-rows">
        <legend>{t('promotions.field.discounts')}</legend>
        <p className="promotion-muted">{t('promotions.hint.discounts')}</p>
        {draft.discounts.map((discount, index) => {
          const set = (next: Partial<typeof discount>) =>
            change({ discounts: draft.discounts.map((d, i) => (i === index ? { ...d, ...next } : d)) });
          const prefix = `timeDiscount.discounts.${index}`;
          return (
            <div className="promotion-row promotion-discount" key={index}>
              <Form.Item label={t('promotions.field.course')} {...fieldProps(errors, `${prefix}.course`)}>
                <Input
                  value={discount.course}
                  placeholder="*"
                  maxLength={32}
                  aria-label={`${t('promotions.field.course')} ${index + 1}`}
                  onChange={(e) => set({ course: e.target.value })}
                />
              </Form.Item>
              <Form.Item label={t('promotions.field.kind')} {...fieldProps(errors, `${prefix}.kind`)}>
                <Select<DiscountKind>
                  value={discount.kind}
                  aria-label={`${t('promotions.field.kind')} ${index + 1}`}
                  popupMatchSelectWidth={false}
                  options={allowed.map((kind) => ({ value: kind, label: t(`promotions.discount.${kind}`) }))}
                  onChange={(kind) => set({ kind, value: kind === 'free' ? '' : discount.value })}
                />
              </Form.Item>
              <Form.Item label={t('promotions.field.value')} {...fieldProps(errors, `${prefix}.value`)}>
                <Input
                  value={discount.kind === 'free' ? '' : discount.value}
                  disabled={discount.kind === 'free'}
                  inputMode={discount.kind === 'percent' ? 'numeric' : 'decimal'}
                  suffix={discount.kind === 'percent' ? '%' : currencySymbol(currency)}
                  aria-label={`${t('promotions.field.value')} ${index + 1}`}
                  onChange={(e) => set({ value: e.target.value })}
                />
              </Form.Item>
              <Button
                type="text"
                className="promotion-row-remove"
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t('promotions.removeDiscount', { index: index + 1 })}
                disabled={draft.discounts.length <= 1}
                onClick={() => change({ discounts: draft.discounts.filter((_, i) => i !== index) })}
              />
            </div>
          );
        })}
        <Button
          icon={<PlusOutlined aria-hidden />}
          disabled={draft.discounts.length >= 33}
          onClick={() =>
            change({ discounts: [...draft.discounts, { course: '', kind: allowed[0] as DiscountKind, value: '' }] })
          }
        >
          {t('promotions.addDiscount')}
        </Button>
      </fieldset>
    </div>
  );
}
