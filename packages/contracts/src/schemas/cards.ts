import { z } from 'zod';
import {
  cardEntryKinds,
  cardLoyaltyTypes,
  cardNumber,
  cardProgram,
  cardSorts,
  cardStatuses,
  dbId,
  named,
  phoneNumber,
  pointsRule,
  reason,
  topUpTier,
} from './card-basics';
import { minor } from './common';
import { page, pageQuery } from './pagination';
import { transactionFilter } from './transaction';

// Member (VIP) cards and the OK card: one card ledger for both programs (docs/cards.md). The staff's
// side lives here; the shared words in card-basics, the OK card area and the consumer's side beside it.

export { cardEntryKinds, cardGatewayOf, cardLoyaltyTypes, cardPrograms, cardSorts, cardStatuses } from './card-basics';
export type {
  CardEntryKind,
  CardLoyaltyType,
  CardProgram,
  CardSort,
  CardStatus,
  PointsRule,
  TopUpTier,
} from './card-basics';
export * from './ok-card';
export * from './card-consumer';

export const card = z.object({
  id: z.number().int(),
  number: z.string(),
  program: cardProgram,
  virtual: z.boolean(),
  loyaltyType: z.enum(cardLoyaltyTypes),
  holderName: z.string(),
  holderPhone: z.string().nullable().describe('masked except its last 3 digits'),
  status: z.enum(cardStatuses),
  currency: z.string(),
  deposit: minor.describe('all top-ups, less top-ups refunded'),
  reward: minor.describe('all top-up rewards given'),
  spent: minor.describe('stored value spent at machines, less refunds'),
  balance: minor.describe('deposit + reward - spent +/- adjustments: what the merchant owes the holder'),
  point: z.number().int().describe('points held'),
  place: named.describe('where the card was issued'),
  createdAt: z.string(),
  lastTradeAt: z.string().nullable().describe('last spend at a machine'),
});
export type Card = z.infer<typeof card>;

export const cardListQuery = z.object({
  program: cardProgram.default('vip'),
  keyword: z.string().trim().max(40).optional().describe('card number or holder name or phone (part of)'),
  status: z.enum(cardStatuses).optional(),
  placeId: dbId.optional(),
  sort: z.enum(cardSorts).default('openDate'),
  order: z.enum(['asc', 'desc']).default('desc'),
  ...pageQuery.shape,
});
export type CardListQuery = z.infer<typeof cardListQuery>;

export const cardCreate = z.object({
  program: cardProgram.default('vip'),
  number: cardNumber,
  loyaltyType: z.enum(cardLoyaltyTypes).default('storedValue'),
  holderName: z.string().trim().max(60).default(''),
  holderPhone: phoneNumber.optional(),
  placeId: z.number().int().positive().max(2_147_483_647).optional(),
  activate: z.boolean().default(true),
});
export type CardCreate = z.infer<typeof cardCreate>;

export const cardEntry = z.object({
  id: z.number().int(),
  card: z.object({ id: z.number().int(), number: z.string(), program: cardProgram, holderName: z.string() }),
  kind: z.enum(cardEntryKinds),
  balanceChange: minor,
  pointChange: z.number().int(),
  balanceAfter: minor,
  pointAfter: z.number().int(),
  currency: z.string(),
  place: named,
  device: named,
  transactionId: z.number().int().nullable().describe('the sale a spend or refund belongs to'),
  reason: z.string().nullable().describe("staff's reason of a manual top-up or adjustment"),
  actor: z.string().nullable().describe('who made a manual entry; null for machines and checkout'),
  createdAt: z.string(),
});
export type CardEntry = z.infer<typeof cardEntry>;

/** Filters of the card records (and their export); days read in `tz`, at most three months. */
export const cardEntryFilter = transactionFilter.pick({ from: true, to: true, placeId: true, deviceId: true }).extend({
  program: cardProgram.default('vip'),
  kind: z.enum(cardEntryKinds).optional(),
  cardId: dbId.optional(),
  keyword: z.string().trim().max(40).optional().describe('card number (part of)'),
});
export type CardEntryFilter = z.infer<typeof cardEntryFilter>;

export const cardEntryQuery = cardEntryFilter.extend(pageQuery.shape);
export type CardEntryQuery = z.infer<typeof cardEntryQuery>;

export const cardEntryExportQuery = cardEntryFilter.extend({
  lang: z.string().max(16).optional().describe('language of the column titles; default en'),
});

const cardEntryTotals = z.object({
  count: z.number().int(),
  topUp: minor,
  reward: minor,
  spend: minor,
  refund: minor,
  adjustment: minor,
  pointsEarned: z.number().int(),
  pointsRedeemed: z.number().int(),
});

export const cardEntryPage = page(cardEntry).extend({
  totals: cardEntryTotals,
  currency: z.string(),
});
export type CardEntryPage = z.infer<typeof cardEntryPage>;

export const cardStatisticsQuery = transactionFilter.pick({ from: true, to: true, placeId: true }).extend({
  program: cardProgram.default('vip'),
});
export type CardStatisticsQuery = z.infer<typeof cardStatisticsQuery>;

const statisticsFigures = {
  issued: z.number().int().describe('cards opened in the range'),
  deposits: minor,
  rewards: minor,
  spend: minor,
  refunds: minor,
  adjustments: minor,
  pointsEarned: z.number().int(),
  pointsRedeemed: z.number().int(),
};

export const cardStatistics = z.object({
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  cards: z.number().int().describe('all cards of the program, now'),
  activeCards: z.number().int().describe('active cards, now'),
  usedCards: z.number().int().describe('cards with a spend in the range'),
  outstanding: minor.describe("sum of every card's balance now: the merchant's liability"),
  outstandingPoints: z.number().int(),
  ...statisticsFigures,
  series: z.array(
    z.object({ day: z.string(), ...statisticsFigures, outstanding: minor.describe('at the end of the day') }),
  ),
});
export type CardStatistics = z.infer<typeof cardStatistics>;

export const cardStatusChange = z.object({ status: z.enum(['active', 'cancelled']) });

export const cardTopUpByStaff = z.object({
  amount: minor.positive().max(100_000_000),
  reason,
});

export const cardAdjustment = z
  .object({
    balanceChange: minor.min(-100_000_000).max(100_000_000).default(0),
    pointChange: z.number().int().min(-100_000_000).max(100_000_000).default(0),
    reason,
  })
  .refine((v) => v.balanceChange !== 0 || v.pointChange !== 0, {
    message: 'change the balance or the points',
    path: ['balanceChange'],
  });
export type CardAdjustment = z.infer<typeof cardAdjustment>;

/** What a manual entry answers: the card after it and the entries it made. */
export const cardChangeResult = z.object({ card, entries: z.array(cardEntry) });
export type CardChangeResult = z.infer<typeof cardChangeResult>;

export const cardSettingsInput = z.object({
  topUpTiers: z
    .array(topUpTier)
    .max(10)
    .refine((tiers) => new Set(tiers.map((t) => t.amount)).size === tiers.length, 'duplicate amount'),
  pointsRule,
  placeIds: z
    .array(z.number().int().positive().max(2_147_483_647))
    .max(1000)
    .describe('places whose machines accept the card'),
  virtualCards: z.boolean().describe('consumers may open a virtual card at checkout'),
});
export type CardSettingsInput = z.infer<typeof cardSettingsInput>;

export const cardSettings = cardSettingsInput.extend({
  program: cardProgram,
  currency: z.string(),
  updatedAt: z.string().nullable(),
});
export type CardSettings = z.infer<typeof cardSettings>;
export const cardProgramQuery = z.object({ program: cardProgram.default('vip') });
