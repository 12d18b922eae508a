import type { PromotionStatus, TimeDiscountRules } from '@sbo/contracts/promotion-prices';
import type { Promotion, PromotionTemplate } from '@sbo/contracts';
import type { TFunction } from 'i18next';
import { formatMoney, formatNumber } from '../../../lib/format';
import { allWeekdays } from '../utils/promotion-draft';

export const statusColor: Record<PromotionStatus, string> = {
  pending: 'blue',
  active: 'green',
  ended: 'default',
  disabled: 'red',
};

type Rules = Pick<
  PromotionTemplate,
  'category' | 'timeDiscount' | 'spendingBonus' | 'depositRewardAmount' | 'depositRewardFeedback'
>;

/** Weekdays in words: "Every day", "Mon–Fri" as a list, in the current language. */
function weekdaysText(t: TFunction, days: readonly string[]): string {
  if (days.length === 7) return t('promotions.weekday.every');
  return allWeekdays
    .filter((day) => days.includes(day))
    .map((day) => t(`promotions.weekdayShort.${day}`))
    .join(t('promotions.listSeparator'));
}

function windowsText(t: TFunction, windows: TimeDiscountRules['windows']): string {
  return windows
    .map((w) => (w.to <= w.from ? t('promotions.window.overnight', w) : `${w.from}–${w.to}`))
    .join(t('promotions.listSeparator'));
}

/** One discount in words: "Every course: 20% off", "C2: free". */
function discountText(t: TFunction, discount: TimeDiscountRules['discounts'][number], currency: string): string {
  const course = discount.course === '*' ? t('promotions.course.every') : discount.course;
  const value =
    discount.kind === 'percent'
      ? t('promotions.discount.percentText', { value: discount.value })
      : discount.kind === 'amount'
        ? t('promotions.discount.amountText', { value: formatMoney(discount.value, currency) })
        : discount.kind === 'price'
          ? t('promotions.discount.priceText', { value: formatMoney(discount.value, currency) })
          : t('promotions.discount.freeText');
  return `${course}: ${value}`;
}

/** A promotion's or template's rules in a few lines of words. */
export function rulesLines(t: TFunction, rules: Rules, currency: string): string[] {
  if (rules.timeDiscount) {
    const td = rules.timeDiscount;
    return [
      `${weekdaysText(t, td.weekdays)} · ${windowsText(t, td.windows)}`,
      t(`promotions.calculation.${td.calculation}`),
      ...td.discounts.map((d) => discountText(t, d, currency)),
    ];
  }
  if (rules.spendingBonus) {
    const sb = rules.spendingBonus;
    const within =
      sb.within === 'visit'
        ? t('promotions.within.visitText')
        : t('promotions.within.periodText', { count: sb.periodDays ?? 1 });
    const bonus =
      sb.bonusKind === 'credit'
        ? t('promotions.bonus.creditText', { value: formatMoney(sb.bonusValue, currency) })
        : t('promotions.bonus.pointsText', { value: formatNumber(sb.bonusValue) });
    return [t('promotions.spendingText', { amount: formatMoney(sb.minSpend, currency), within, bonus })];
  }
  return [
    t('promotions.depositText', {
      amount: formatMoney(rules.depositRewardAmount ?? 0, currency),
      feedback: formatMoney(rules.depositRewardFeedback ?? 0, currency),
    }),
  ];
}

export const mayChange = (promotion: Pick<Promotion, 'status'>) =>
  promotion.status === 'pending' || promotion.status === 'active';
