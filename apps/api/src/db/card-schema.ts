import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { moment, createdAt, minor, bigId } from './columns';
import { merchantRef, userMention } from './people-schema';
import { deviceMention, deviceRef, placeMention, places } from './device-schema';
import { sql } from 'drizzle-orm';
import type {
  CardEntryKind,
  CardLoyaltyType,
  CardProgram,
  CardReaderCode,
  CardStatus,
  PaymentProvider,
  PointsRule,
  TopUpTier,
} from '@sbo/contracts';
import { transactionMention } from './money-schema';
import { promotions } from './promotion-schema';

/** The card a row belongs to; the row goes with the card. */
const cardRef = () =>
  integer('card_id')
    .notNull()
    .references((): AnyPgColumn => cards.id, { onDelete: 'cascade' });

// Member (VIP) cards and the OK card: one append-only ledger for both programs (docs/cards.md).
// A card's totals are kept by a trigger on the ledger (migration 0013), never written by the code;
// the ledger cannot be updated or deleted, and a card's balance and points cannot go below zero.

export const cards = pgTable(
  'cards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: merchantRef(),
    program: text('program').$type<CardProgram>().notNull(),
    number: text('number').notNull(),
    virtual: boolean('virtual').notNull().default(false),
    loyaltyType: text('loyalty_type').$type<CardLoyaltyType>().notNull().default('storedValue'),
    holderName: text('holder_name').notNull().default(''),
    holderPhone: text('holder_phone'),
    status: text('status').$type<CardStatus>().notNull().default('inactive'),
    placeId: placeMention(),
    // Kept by the ledger trigger only.
    deposit: minor('deposit'),
    reward: minor('reward'),
    spent: minor('spent'),
    balance: minor('balance'),
    point: minor('point'),
    createdAt: createdAt(),
    lastTradeAt: moment('last_trade_at'),
  },
  (t) => [
    uniqueIndex('cards_number_key').on(t.merchantId, t.program, t.number),
    uniqueIndex('cards_virtual_phone_key')
      .on(t.merchantId, t.program, t.holderPhone)
      .where(sql`${t.virtual} and ${t.holderPhone} is not null`),
    index('cards_merchant_created_idx').on(t.merchantId, t.program, t.createdAt),
    check('cards_balance_not_negative', sql`${t.balance} >= 0`),
    check('cards_point_not_negative', sql`${t.point} >= 0`),
  ],
);

export const cardEntries = pgTable(
  'card_entries',
  {
    id: bigId(),
    merchantId: merchantRef(),
    cardId: cardRef(),
    kind: text('kind').$type<CardEntryKind>().notNull(),
    balanceChange: minor('balance_change'),
    pointChange: minor('point_change'),
    /** Set by the ledger trigger: the card's balance and points right after this entry. */
    balanceAfter: minor('balance_after'),
    pointAfter: minor('point_after'),
    /** What caused it (an authorization, a top-up order, an idempotency key): one entry of a kind per source. */
    sourceId: text('source_id').notNull(),
    placeId: placeMention(),
    deviceId: deviceMention(),
    transactionId: transactionMention(),
    reason: text('reason'),
    actorUserId: userMention('actor_user_id'),
    actorName: text('actor_name'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('card_entries_source_key').on(t.merchantId, t.sourceId, t.kind),
    index('card_entries_card_idx').on(t.cardId, t.id),
    index('card_entries_merchant_created_idx').on(t.merchantId, t.createdAt),
  ],
);

export const cardSettings = pgTable(
  'card_settings',
  {
    merchantId: merchantRef(),
    program: text('program').$type<CardProgram>().notNull(),
    topUpTiers: jsonb('top_up_tiers').$type<TopUpTier[]>().notNull().default([]),
    pointsRule: jsonb('points_rule').$type<PointsRule>().notNull(),
    placeIds: jsonb('place_ids').$type<number[]>().notNull().default([]),
    virtualCards: boolean('virtual_cards').notNull().default(false),
    updatedAt: moment('updated_at'),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.program] })],
);

/** A machine's request to charge a card, once per (device, request id), with its answer. */
export const cardAuthorizations = pgTable(
  'card_authorizations',
  {
    id: bigId(),
    merchantId: merchantRef(),
    deviceId: deviceRef(),
    requestId: text('request_id').notNull(),
    cardId: integer('card_id').references(() => cards.id, { onDelete: 'set null' }),
    cardNumber: text('card_number').notNull(),
    amount: minor('amount'),
    result: text('result').$type<CardReaderCode>().notNull(),
    /** The order id the sale is recorded under (and the machine's sale report names). */
    orderId: text('order_id'),
    transactionId: transactionMention(),
    balanceUsed: minor('balance_used'),
    pointsUsed: minor('points_used'),
    rewardUsed: minor('reward_used'),
    createdAt: createdAt(),
    voidedAt: moment('voided_at'),
  },
  (t) => [
    uniqueIndex('card_authorizations_request_key').on(t.deviceId, t.requestId),
    uniqueIndex('card_authorizations_order_key').on(t.orderId),
    /** A card's charges (spending bonuses sum them per visit or period). */
    index('card_authorizations_card_idx').on(t.cardId),
  ],
);

export type CardTopUpStatus = 'created' | 'paid' | 'failed' | 'cancelled' | 'refunded';

/** A consumer's top-up through a payment gateway. */
export const cardTopUps = pgTable(
  'card_top_ups',
  {
    id: bigId(),
    publicId: text('public_id').notNull().unique(),
    merchantId: merchantRef(),
    cardId: cardRef(),
    placeId: integer('place_id')
      .notNull()
      .references(() => places.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reward: minor('reward'),
    currency: text('currency').notNull(),
    gateway: text('gateway').notNull(),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    providerPaymentId: text('provider_payment_id'),
    redirectUrl: text('redirect_url'),
    status: text('status').$type<CardTopUpStatus>().notNull().default('created'),
    clientRequestId: text('client_request_id').notNull(),
    lang: text('lang').notNull().default('en'),
    transactionId: transactionMention(),
    createdAt: moment('created_at').notNull(),
    updatedAt: moment('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('card_top_ups_client_request_key').on(t.cardId, t.clientRequestId),
    check('card_top_ups_amount', sql`${t.amount} > 0`),
  ],
);

/** One-time codes sent by SMS (hashed), for opening a virtual card. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigId(),
    merchantId: merchantRef(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: moment('created_at').notNull(),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.createdAt)],
);

/**
 * A card's visit or period under a spending bonus: the spend at the promotion's machines within
 * [starts_at, ends_at) is what reaches `minSpend`. `granted` while the bonus stands (a refund that
 * takes the spend below the threshold takes it back); `grants` numbers the ledger sources.
 */
export const promotionCardWindows = pgTable(
  'promotion_card_windows',
  {
    id: bigId(),
    merchantId: merchantRef(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    cardId: cardRef(),
    startsAt: moment('starts_at').notNull(),
    endsAt: moment('ends_at').notNull(),
    granted: boolean('granted').notNull().default(false),
    grants: integer('grants').notNull().default(0),
    /** What the standing grant gave (the rules may change afterwards): credit in minor units, or points. */
    bonusKind: text('bonus_kind').$type<'credit' | 'points'>(),
    bonusValue: bigint('bonus_value', { mode: 'number' }),
    minSpend: bigint('min_spend', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('promotion_card_windows_key').on(t.promotionId, t.cardId, t.startsAt),
    index('promotion_card_windows_card_idx').on(t.cardId, t.endsAt),
  ],
);
