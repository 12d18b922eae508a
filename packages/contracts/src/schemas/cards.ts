import { z } from 'zod';
import { minor } from './common';
import { transactionFilter } from './transaction';

// Member (VIP) cards and the OK card: one card ledger for both programs (docs/cards.md).

/** The two card programs: the merchant's member (VIP) card and the OK card of the card-membership area. */
export const cardPrograms = ['vip', 'ok'] as const;
export type CardProgram = (typeof cardPrograms)[number];
export const cardProgram = z.enum(cardPrograms);

export const cardStatuses = ['inactive', 'active', 'cancelled'] as const;
export type CardStatus = (typeof cardStatuses)[number];

/** storedValue: a prepaid balance that earns points; points: collects and spends points only (no top-up). */
export const cardLoyaltyTypes = ['storedValue', 'points'] as const;
export type CardLoyaltyType = (typeof cardLoyaltyTypes)[number];

/** What a ledger entry records. Entries are never edited: a correction is a new entry. */
export const cardEntryKinds = [
  'topUp',
  'topUpReward',
  'spend',
  'pointsEarned',
  'pointsRedeemed',
  'refund',
  'adjustment',
  'promotionBonus',
] as const;
export type CardEntryKind = (typeof cardEntryKinds)[number];

/** The member sort of spec section 9: open date, last spend, balance, reward, points. */
export const cardSorts = ['openDate', 'lastSpend', 'balance', 'reward', 'points'] as const;
export type CardSort = (typeof cardSorts)[number];

/** The gateway a card's spend at a machine is recorded under. */
export const cardGatewayOf = { vip: 'ESVC', ok: 'cash-card' } as const satisfies Record<CardProgram, string>;

/** Card numbers as printed on a card or given to a virtual one: 6 to 20 digits. */
export const cardNumber = z.string().regex(/^\d{6,20}$/, 'a card number is 6 to 20 digits');
/** A phone number in international form, as an SMS provider takes it. */
export const phoneNumber = z.string().regex(/^\+[1-9]\d{6,14}$/, 'use international form, e.g. +886912345678');

const dbId = z.coerce.number().int().positive().max(2_147_483_647);
const named = z.object({ id: z.number().int(), name: z.string() }).nullable();
const reason = z.string().trim().min(1).max(200);

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
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
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

export const cardEntryQuery = cardEntryFilter.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type CardEntryQuery = z.infer<typeof cardEntryQuery>;

export const cardEntryExportQuery = cardEntryFilter.extend({
  lang: z.string().max(16).optional().describe('language of the column titles; default en'),
});

export const cardEntryTotals = z.object({
  count: z.number().int(),
  topUp: minor,
  reward: minor,
  spend: minor,
  refund: minor,
  adjustment: minor,
  pointsEarned: z.number().int(),
  pointsRedeemed: z.number().int(),
});

export const cardEntryPage = z.object({
  items: z.array(cardEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
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
export type CardTopUpByStaff = z.infer<typeof cardTopUpByStaff>;

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

export const topUpTier = z.object({
  amount: minor.positive().max(100_000_000).describe('what the holder pays'),
  reward: minor.min(0).max(100_000_000).describe('extra stored value given'),
});
export type TopUpTier = z.infer<typeof topUpTier>;

export const pointsRule = z.object({
  enabled: z.boolean(),
  spendPerPoint: minor.positive().max(100_000_000).describe('stored value spent for one point'),
  pointValue: minor.min(0).max(100_000_000).describe('what one point pays at a machine; 0: points do not pay'),
});
export type PointsRule = z.infer<typeof pointsRule>;

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

// ------------------------------------------------------------------ the OK card area (okcard/*)

export const okCardRangeQuery = transactionFilter.pick({ from: true, to: true });

export const okCardIssued = z.object({
  cards: z.number().int(),
  activeCards: z.number().int(),
  issued: z.number().int().describe('opened in the range'),
  outstanding: minor,
  currency: z.string(),
});

export const okCardRevenue = z.object({
  currency: z.string(),
  deposits: minor,
  rewards: minor,
  spend: minor.describe('card spend at machines: the OK card revenue'),
  refunds: minor,
  series: z.array(z.object({ day: z.string(), deposits: minor, spend: minor })),
});

export const okCardDetailQuery = z.object({ cardId: dbId });
export const okCardAdjustBalance = z
  .object({
    cardId: z.number().int().positive().max(2_147_483_647),
    balanceChange: minor.min(-100_000_000).max(100_000_000),
    reason,
  })
  .refine((v) => v.balanceChange !== 0, { message: 'cannot be zero', path: ['balanceChange'] });

/** A machine that takes the OK card, with its state and its card trades today. */
export const okCardMachine = z.object({
  id: z.number().int(),
  name: z.string(),
  place: named,
  machineType: z.number().int(),
  status: z.string().describe('device status (spec section 4)'),
  online: z.boolean(),
  lastSeenAt: z.string().nullable(),
  tradesToday: z.number().int(),
  spendToday: minor,
  lastTradeAt: z.string().nullable(),
});
export const okCardMachines = z.object({ currency: z.string(), items: z.array(okCardMachine) });

// ------------------------------------------------------------------ the consumer's side (public)

/** What a consumer at a place (or a machine's QR code) is offered: the programs, tiers and methods. */
export const cardOfferQuery = z
  .object({ placeId: dbId.optional(), hwid: z.string().max(64).optional(), program: cardProgram.default('vip') })
  .refine((q) => q.placeId !== undefined || q.hwid !== undefined, { message: 'placeId or hwid', path: ['placeId'] });

export const cardOffer = z.object({
  program: cardProgram,
  merchantName: z.string(),
  place: z.object({ id: z.number().int(), title: z.string() }),
  currency: z.string(),
  topUpTiers: z.array(
    topUpTier.extend({
      promotion: z
        .object({ id: z.number().int(), name: z.string(), reward: minor })
        .nullable()
        .default(null)
        .describe('a running top-up reward promotion at this place: its reward comes on top of the tier’s'),
    }),
  ),
  pointsRule,
  virtualCards: z.boolean(),
  gateways: z.array(z.string()).describe('payment methods for a top-up that can take a payment'),
  paymentSetUp: z
    .boolean()
    .describe('false: top-up by phone is not set up here (no method of the place can take a payment)'),
});
export type CardOffer = z.infer<typeof cardOffer>;

export const smsCodeRequest = z.object({
  placeId: z.number().int().positive().max(2_147_483_647),
  program: cardProgram.default('vip'),
  phone: phoneNumber,
});
export const smsCodeSent = z.object({
  retryAfterSeconds: z.number().int().describe('when another code may be asked for'),
  expiresInSeconds: z.number().int(),
});

export const virtualCardOpen = smsCodeRequest.extend({
  code: z.string().regex(/^\d{6}$/, 'the 6-digit code'),
  holderName: z.string().trim().max(60).default(''),
});
/** The consumer's view of a card: never the holder's full phone. */
export const consumerCard = z.object({
  number: z.string(),
  program: cardProgram,
  status: z.enum(cardStatuses),
  loyaltyType: z.enum(cardLoyaltyTypes),
  balance: minor,
  point: z.number().int(),
  currency: z.string(),
});
export type ConsumerCard = z.infer<typeof consumerCard>;

export const cardTopUpCreate = z.object({
  placeId: z.number().int().positive().max(2_147_483_647),
  program: cardProgram.default('vip'),
  cardNumber,
  amount: minor.positive().max(100_000_000).describe('one of the top-up tiers'),
  gateway: z.string().max(20),
  clientRequestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  lang: z.string().max(16).optional(),
});
export type CardTopUpCreate = z.infer<typeof cardTopUpCreate>;

export const cardTopUpStatuses = ['created', 'paid', 'failed', 'cancelled', 'refunded'] as const;
export const cardTopUpOrder = z.object({
  orderId: z.string(),
  status: z.enum(cardTopUpStatuses),
  program: cardProgram,
  cardNumber: z.string().describe('masked except its last 4 digits'),
  amount: minor,
  reward: minor,
  currency: z.string(),
  gateway: z.string(),
  place: z.object({ id: z.number().int(), title: z.string() }),
  balanceAfter: minor.nullable().describe('the card balance right after the top-up was credited'),
  createdAt: z.string(),
});
export type CardTopUpOrder = z.infer<typeof cardTopUpOrder>;
export const topUpOrderParam = z.object({ orderId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });
