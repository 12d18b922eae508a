import { z } from 'zod';
import { minor } from './common';

// The words every side of the cards shares: programs, statuses, entry kinds, tiers and points (docs/cards.md).

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

/** A database id in a query or body. */
export const dbId = z.coerce.number().int().positive().max(2_147_483_647);
/** A place or device a card row names, when it has one. */
export const named = z.object({ id: z.number().int(), name: z.string() }).nullable();
/** Why staff changed a card by hand. */
export const reason = z.string().trim().min(1).max(200);

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
