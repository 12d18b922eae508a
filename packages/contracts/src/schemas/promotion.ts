import { z } from 'zod';
import { page, pageQuery } from './pagination';
import { calculationTypes, promotionCategories, promotionStatuses } from '../constants';
import { minor } from './common';
import { weekdays } from './place';

/** Form messages the api answers in 400 details and the web shows (spec section 5). */
export const promotionFormMessages = {
  endInFuture: 'the end date must be in the future',
  endAfterStart: 'the end must come after the start',
  calculationFixedNeedsPrice: 'a fixed calculation sets prices: use price or free',
  calculationNeedsDiscount: 'this calculation rounds a discount: use percent, amount or free',
  categoryFixed: 'the category of a promotion cannot change',
  periodDaysRequired: 'required for a period',
} as const;
const m = promotionFormMessages;

const dbId = z.number().int().positive().max(2_147_483_647);
const money = z.number().int().positive().max(1_000_000_000);
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'use HH:MM');
const instant = z.iso.datetime({ offset: true }).describe('ISO 8601 instant');

const timeWindow = z
  .object({ from: clockTime, to: clockTime })
  .refine((w) => w.from !== w.to && w.from !== '24:00', { message: 'a window needs a length', path: ['to'] })
  .describe('in the place’s time zone; `to` at or before `from` runs across midnight');

export const courseDiscount = z
  .object({
    course: z.string().regex(/^(\*|[A-Za-z0-9_-]{1,32})$/, 'a course code, or * for every course'),
    kind: z.enum(['percent', 'amount', 'price', 'free']),
    value: z.number().int().min(0).max(1_000_000_000).default(0),
  })
  .refine((d) => d.kind !== 'percent' || (d.value >= 1 && d.value <= 99), {
    message: 'a percentage from 1 to 99',
    path: ['value'],
  })
  .refine((d) => d.kind !== 'amount' || d.value > 0, { message: 'cannot be zero', path: ['value'] });

export const timeDiscountRules = z
  .object({
    weekdays: z.array(z.enum(weekdays)).min(1).max(7),
    windows: z.array(timeWindow).min(1).max(6),
    calculation: z.enum(calculationTypes),
    discounts: z.array(courseDiscount).min(1).max(33),
  })
  .superRefine((rules, ctx) => {
    const seen = new Set<string>();
    rules.discounts.forEach((d, i) => {
      if (seen.has(d.course))
        ctx.addIssue({ code: 'custom', path: ['discounts', i, 'course'], message: 'duplicate course' });
      seen.add(d.course);
      const fixed = rules.calculation === 'fixed';
      if (fixed && (d.kind === 'percent' || d.kind === 'amount'))
        ctx.addIssue({ code: 'custom', path: ['discounts', i, 'kind'], message: m.calculationFixedNeedsPrice });
      if (!fixed && d.kind === 'price')
        ctx.addIssue({ code: 'custom', path: ['discounts', i, 'kind'], message: m.calculationNeedsDiscount });
    });
  });
export type TimeDiscountRulesInput = z.infer<typeof timeDiscountRules>;

export const spendingBonusRules = z
  .object({
    minSpend: money.describe('spent within a visit or a period'),
    within: z.enum(['visit', 'period']),
    periodDays: z.number().int().min(1).max(366).nullable().default(null),
    bonusKind: z.enum(['credit', 'points']),
    bonusValue: money.describe('credit in minor units, or points'),
  })
  .refine((r) => r.within !== 'period' || r.periodDays !== null, {
    message: m.periodDaysRequired,
    path: ['periodDays'],
  });
export type SpendingBonusRules = z.infer<typeof spendingBonusRules>;

/** The rules of each category: exactly the one of its category is present. */
const categoryParts = [
  { category: z.literal('time_discount'), timeDiscount: timeDiscountRules },
  { category: z.literal('spending_bonus'), spendingBonus: spendingBonusRules },
  {
    category: z.literal('deposit_reward'),
    depositRewardAmount: money.describe('top up at least this much'),
    depositRewardFeedback: money.describe('and get this much credit on the card'),
  },
] as const;
const withRules = <const S extends z.ZodRawShape>(shape: S) =>
  z.discriminatedUnion('category', [
    z.object({ ...shape, ...categoryParts[0] }),
    z.object({ ...shape, ...categoryParts[1] }),
    z.object({ ...shape, ...categoryParts[2] }),
  ]);

const name = z.string().trim().min(1, 'required').max(50);

/** `POST promotion/template`: from a saved promotion, or from scratch. */
export const promotionTemplateInput = z.union([
  z.object({ promotionId: dbId, name: name.optional() }),
  withRules({ name }),
]);
export type PromotionTemplateInput = z.infer<typeof promotionTemplateInput>;

/** `POST promotion` and `PUT promotion/{id}`: the end is null (never) or a future date. */
export const promotionInput = withRules({
  name,
  startAt: instant,
  endAt: instant.nullable().describe('null: never ends, the merchant stops it by hand'),
  templateId: dbId.nullable().default(null).describe('the template the form started from'),
});
export type PromotionInput = z.infer<typeof promotionInput>;
export type PromotionRules =
  | { category: 'time_discount'; timeDiscount: TimeDiscountRulesInput }
  | { category: 'spending_bonus'; spendingBonus: SpendingBonusRules }
  | { category: 'deposit_reward'; depositRewardAmount: number; depositRewardFeedback: number };

const promotionRulesOut = z.object({
  category: z.enum(promotionCategories),
  timeDiscount: timeDiscountRules.nullable(),
  spendingBonus: spendingBonusRules.nullable(),
  depositRewardAmount: minor.nullable(),
  depositRewardFeedback: minor.nullable(),
});

export const promotion = promotionRulesOut.extend({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(promotionStatuses),
  startAt: z.string(),
  endAt: z.string().nullable(),
  disabledAt: z.string().nullable(),
  templateId: z.number().int().nullable(),
  deviceCount: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Promotion = z.infer<typeof promotion>;

export const promotionTemplate = promotionRulesOut.extend({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
});
export type PromotionTemplate = z.infer<typeof promotionTemplate>;

export const promotionListQuery = z.object({
  status: z.enum(promotionStatuses).optional(),
  category: z.enum(promotionCategories).optional(),
  ...pageQuery.shape,
});

const promotionCounts = z.object(
  Object.fromEntries([...promotionStatuses, 'all'].map((s) => [s, z.number().int()])) as Record<
    (typeof promotionStatuses)[number] | 'all',
    z.ZodNumber
  >,
);

export const promotionPage = page(promotion).extend({
  counts: promotionCounts.describe('per status tab, over the category filter'),
});

const promotionBindingMachine = z.object({
  id: z.number().int(),
  name: z.string(),
  bound: z.boolean(),
  /** Another promotion of the same category whose times overlap holds this machine (1109004 if chosen). */
  conflict: z.object({ promotionId: z.number().int(), name: z.string() }).nullable(),
});
export const promotionBinding = z.object({
  promotionId: z.number().int(),
  places: z.array(
    z.object({
      id: z.number().int().nullable(),
      name: z.string(),
      timeZone: z.string().nullable(),
      machines: z.array(promotionBindingMachine),
    }),
  ),
});
export type PromotionBinding = z.infer<typeof promotionBinding>;

export const promotionBindingInput = z.object({
  deviceIds: z.array(dbId).max(1000).default([]),
  placeIds: z.array(dbId).max(200).default([]).describe('every visible machine of these places (select all)'),
});

const effectFigures = z.object({
  sales: z.number().int(),
  revenue: minor,
  discount: minor.describe('normal price less what was charged'),
  cycles: z.number().int().describe('sales, free cycles included'),
  freeCycles: z.number().int(),
  newCards: z.number().int(),
  returningCards: z.number().int(),
});
export const promotionEffect = z.object({
  promotionId: z.number().int(),
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  during: effectFigures,
  baseline: effectFigures.describe('the same hours of the four weeks before the start, averaged'),
  upliftPercent: z.number().nullable().describe('revenue during vs. baseline; null without a baseline'),
  days: z.array(z.object({ date: z.string(), during: effectFigures, baseline: effectFigures })),
});
export type PromotionEffect = z.infer<typeof promotionEffect>;
