import {
  courseDiscount,
  promotionFormMessages,
  promotionInput,
  type Promotion,
  type PromotionInput,
  type PromotionTemplate,
  type PromotionTemplateInput,
} from '@sbo/contracts';
import type { CalculationType, CourseDiscount, TimeDiscountRules, Weekday } from '@sbo/contracts/promotion-prices';
import { issueText, type ContractIssue } from '../../../lib/contract-form';
import { formatMajorAmount, parseMajorAmount } from '../../../lib/money-input';
import type { PromotionCategory } from './list-params';
import { instantOfWallTime, wallTimeOf } from './zoned-time';

export const allWeekdays: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
export type DiscountKind = CourseDiscount['kind'];

/** The kinds a calculation type allows (the schema's rule): `fixed` sets prices, the others round a discount. */
export function kindsFor(calculation: CalculationType): readonly DiscountKind[] {
  return calculation === 'fixed' ? ['price', 'free'] : ['percent', 'amount', 'free'];
}

/** One discount row as the form holds it: `value` is a percentage, or money in major units. */
export type DiscountRow = { course: string; kind: DiscountKind; value: string };

/** What the step form holds: texts as typed (money in major units), times on the merchant's wall clock. */
export type PromotionDraft = {
  templateId: number | null;
  category: PromotionCategory;
  name: string;
  /** `YYYY-MM-DDTHH:mm` in the merchant's zone. */
  start: string;
  endMode: 'never' | 'date';
  end: string;
  weekdays: Weekday[];
  windows: { from: string; to: string }[];
  calculation: CalculationType;
  discounts: DiscountRow[];
  minSpend: string;
  within: 'visit' | 'period';
  periodDays: number | null;
  bonusKind: 'credit' | 'points';
  bonusValue: string;
  depositAmount: string;
  depositFeedback: string;
};

type DraftContext = { currency: string; timeZone: string; now: Date };

/** A new promotion: starting now, never ending, every day 14:00-17:00 at 20% off every course. */
export function emptyDraft(category: PromotionCategory, { timeZone, now }: Omit<DraftContext, 'currency'>) {
  return {
    templateId: null,
    category,
    name: '',
    start: wallTimeOf(now, timeZone),
    endMode: 'never',
    end: '',
    weekdays: [...allWeekdays],
    windows: [{ from: '14:00', to: '17:00' }],
    calculation: 'round',
    discounts: [{ course: '*', kind: 'percent', value: '20' }],
    minSpend: '',
    within: 'visit',
    periodDays: null,
    bonusKind: 'credit',
    bonusValue: '',
    depositAmount: '',
    depositFeedback: '',
  } satisfies PromotionDraft;
}

type Rules = Pick<
  PromotionTemplate,
  'category' | 'timeDiscount' | 'spendingBonus' | 'depositRewardAmount' | 'depositRewardFeedback'
>;

/** A draft's rules replaced by a template's or a promotion's (money shown in major units). */
export function withRules(draft: PromotionDraft, rules: Rules, currency: string): PromotionDraft {
  const money = (minor: number | null | undefined) => (minor ? formatMajorAmount(minor, currency) : '');
  const next: PromotionDraft = { ...draft, category: rules.category };
  if (rules.timeDiscount) {
    const td = rules.timeDiscount;
    next.weekdays = allWeekdays.filter((day) => td.weekdays.includes(day));
    next.windows = td.windows.map((w) => ({ ...w }));
    next.calculation = td.calculation;
    next.discounts = td.discounts.map((d) => ({
      course: d.course,
      kind: d.kind,
      value: d.kind === 'percent' ? String(d.value) : d.kind === 'free' ? '' : money(d.value),
    }));
  }
  if (rules.spendingBonus) {
    const sb = rules.spendingBonus;
    next.minSpend = money(sb.minSpend);
    next.within = sb.within;
    next.periodDays = sb.periodDays;
    next.bonusKind = sb.bonusKind;
    next.bonusValue = sb.bonusKind === 'points' ? String(sb.bonusValue) : money(sb.bonusValue);
  }
  if (rules.category === 'deposit_reward') {
    next.depositAmount = money(rules.depositRewardAmount);
    next.depositFeedback = money(rules.depositRewardFeedback);
  }
  return next;
}

/** The edit form of a saved promotion. */
export function draftOfPromotion(promotion: Promotion, timeZone: string): PromotionDraft {
  const base = emptyDraft(promotion.category, { timeZone, now: new Date(promotion.startAt) });
  return {
    ...withRules(base, promotion, promotion.currency),
    templateId: promotion.templateId,
    name: promotion.name,
    start: wallTimeOf(promotion.startAt, timeZone),
    endMode: promotion.endAt ? 'date' : 'never',
    end: promotion.endAt ? wallTimeOf(promotion.endAt, timeZone) : '',
  };
}

// A text that is not money of the currency is sent as -1, which the schema refuses on its field.
const invalid = -1;

function rulesOf(draft: PromotionDraft, currency: string) {
  const money = (text: string) => parseMajorAmount(text, currency) ?? invalid;
  const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : invalid);
  if (draft.category === 'time_discount')
    return {
      category: draft.category,
      timeDiscount: {
        weekdays: allWeekdays.filter((day) => draft.weekdays.includes(day)),
        windows: draft.windows,
        calculation: draft.calculation,
        discounts: draft.discounts.map((d) => ({
          course: d.course.trim(),
          kind: d.kind,
          value: d.kind === 'free' ? 0 : d.kind === 'percent' ? whole(d.value) : money(d.value),
        })),
      },
    };
  if (draft.category === 'spending_bonus')
    return {
      category: draft.category,
      spendingBonus: {
        minSpend: money(draft.minSpend),
        within: draft.within,
        periodDays: draft.within === 'period' ? draft.periodDays : null,
        bonusKind: draft.bonusKind,
        bonusValue: draft.bonusKind === 'points' ? whole(draft.bonusValue) : money(draft.bonusValue),
      },
    };
  return {
    category: draft.category,
    depositRewardAmount: money(draft.depositAmount),
    depositRewardFeedback: money(draft.depositFeedback),
  };
}

/** What `POST promotion` / `PUT promotion/{id}` is sent (not yet checked): instants, minor units. */
export function draftToInput(draft: PromotionDraft, { currency, timeZone }: Omit<DraftContext, 'now'>) {
  const instant = (wall: string) => instantOfWallTime(wall, timeZone)?.toISOString() ?? wall;
  return {
    name: draft.name,
    startAt: instant(draft.start),
    endAt: draft.endMode === 'never' ? null : instant(draft.end),
    templateId: draft.templateId,
    ...rulesOf(draft, currency),
  };
}

/** A template of the form's rules (`POST promotion-template` from scratch). */
export function draftToTemplateInput(draft: PromotionDraft, name: string, currency: string): PromotionTemplateInput {
  return { name, ...rulesOf(draft, currency) } as PromotionTemplateInput;
}

/** The fields each step of the form holds (the review step checks them all). */
const stepFields: readonly (readonly string[])[] = [
  ['category'],
  ['name', 'startAt', 'endAt'],
  ['timeDiscount', 'spendingBonus', 'depositRewardAmount', 'depositRewardFeedback'],
];

export type DraftErrors = Record<string, string>;
type Translate = (key: string, options?: Record<string, unknown>) => string;

const m = promotionFormMessages;
const ownTexts: Record<string, string> = {
  [m.endInFuture]: 'rule.futureDate',
  [m.endAfterStart]: 'promotions.rule.endAfterStart',
  [m.calculationFixedNeedsPrice]: 'promotions.rule.fixedNeedsPrice',
  [m.calculationNeedsDiscount]: 'promotions.rule.needsDiscount',
  'a percentage from 1 to 99': 'promotions.rule.percent',
  'cannot be zero': 'rule.notZero',
  'duplicate course': 'promotions.rule.duplicateCourse',
  'a course code, or * for every course': 'promotions.rule.course',
  'a window needs a length': 'promotions.rule.windowLength',
  'use HH:MM': 'promotions.rule.clock',
};

/** The text of one issue on a field of the form, in the current language. */
function draftIssueText(issue: ContractIssue, t: Translate): string {
  const own = ownTexts[issue.message];
  if (own) return t(own);
  const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  const last = [...path].reverse().find((p): p is string => typeof p === 'string') ?? 'name';
  if (issue.message === m.periodDaysRequired) return t('rule.required', { field: t('promotions.field.periodDays') });
  if (last === 'weekdays' || last === 'windows' || last === 'discounts') return t('rule.atLeastOne');
  if (issue.code === 'too_small' && (last === 'value' || last === 'minSpend' || last.startsWith('deposit')))
    return t('promotions.rule.amount');
  if (last === 'bonusValue' && issue.code === 'too_small') return t('promotions.rule.amount');
  return issueText(issue, t(`promotions.field.${last}`));
}

/** The key an error is shown under: its path joined with dots (`timeDiscount.discounts.0.value`). */
const errorKey = (path: readonly PropertyKey[]) =>
  path.filter((p): p is string | number => typeof p !== 'symbol').join('.');

/**
 * The form's checks for one step (or every step with `step` null): the contract's schema, and the
 * end date in the future (spec section 5) and after the start, as the api checks them.
 */
export function checkDraft(draft: PromotionDraft, step: number | null, ctx: DraftContext, t: Translate): DraftErrors {
  const input = draftToInput(draft, ctx);
  const issues: ContractIssue[] = [...(promotionInput.safeParse(input).error?.issues ?? [])];
  const start = instantOfWallTime(draft.start, ctx.timeZone);
  const end = draft.endMode === 'date' ? instantOfWallTime(draft.end, ctx.timeZone) : null;
  if (!start) issues.push({ path: ['startAt'], code: 'custom', message: 'required' });
  if (draft.endMode === 'date' && !end) issues.push({ path: ['endAt'], code: 'custom', message: 'required' });
  if (end && end <= ctx.now) issues.push({ path: ['endAt'], code: 'custom', message: m.endInFuture });
  else if (end && start && end <= start) issues.push({ path: ['endAt'], code: 'custom', message: m.endAfterStart });
  const fields = step === null ? stepFields.flat() : (stepFields[step] ?? []);
  const errors: DraftErrors = {};
  for (const issue of issues) {
    const key = errorKey(issue.path);
    if (!fields.some((field) => key === field || key.startsWith(`${field}.`))) continue;
    if (key === 'startAt' || key === 'endAt') {
      if (issue.message === 'required' || issue.code === 'invalid_format')
        errors[key] ??= t('rule.required', { field: t(`promotions.field.${key}`) });
      else errors[key] ??= draftIssueText(issue, t);
      continue;
    }
    errors[key] ??= draftIssueText(issue, t);
  }
  return errors;
}

/** The api's 400 details (`body.endAt`, `timeDiscount.discounts.0.kind`) as the form's errors. */
export function errorsFromDetails(details: ReadonlyArray<{ path: string; message: string }>, t: Translate) {
  const errors: DraftErrors = {};
  for (const detail of details) {
    const path = detail.path
      .replace(/^body\.?/, '')
      .split('.')
      .filter(Boolean)
      .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    errors[errorKey(path)] ??= draftIssueText({ path, code: 'custom', message: detail.message }, t);
  }
  return errors;
}

/** The step a field's error sits on, to go back to it after the api refused the form. */
export function stepOfError(key: string): number {
  const index = stepFields.findIndex((fields) => fields.some((f) => key === f || key.startsWith(`${f}.`)));
  return index < 0 ? 1 : index;
}

export type { PromotionInput };

/**
 * The happy hour's rules for the live preview: the discount rows that are complete and allowed by
 * the calculation type (a row still being typed is left out rather than blanking the preview).
 */
export function previewRulesOf(draft: PromotionDraft, currency: string): TimeDiscountRules | null {
  const rules = rulesOf(draft, currency);
  if (!('timeDiscount' in rules) || !rules.timeDiscount) return null;
  const allowed = kindsFor(draft.calculation);
  const discounts = rules.timeDiscount.discounts.filter(
    (d) => allowed.includes(d.kind) && courseDiscount.safeParse(d).success && d.value !== invalid,
  );
  return { ...rules.timeDiscount, discounts };
}
