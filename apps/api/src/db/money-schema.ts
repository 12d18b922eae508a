import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { moment, createdAt, updatedAt, minor, bigId } from './columns';
import { merchantRef, userMention } from './people-schema';
import { deviceMention, deviceRef, placeMention } from './device-schema';
import { deviceEvents } from './device-event-schema';
import { sql } from 'drizzle-orm';
import type { bankAccountVerification } from '@sbo/contracts';
import { promotions } from './promotion-schema';

/** The sale a row names (a card entry, an authorization, a top-up); the row stays when the sale is deleted. */
export const transactionMention = () =>
  bigint('transaction_id', { mode: 'number' }).references((): AnyPgColumn => transactions.id, { onDelete: 'set null' });

// Sales and money (transactions, settlement, wallet, bank accounts, cash-box trips).
// Every amount is an integer in the merchant currency's minor units.

export type OrderInfo = {
  selection?: string;
  course?: string;
  dryTemp?: number;
  addDry?: number;
  additive?: string[];
  dryTime?: number;
  quantity?: number;
  unit?: string;
};

/** One sale: from a machine's sale event (exactly once per event) or a checkout payment. */
export const transactions = pgTable(
  'transactions',
  {
    id: bigId(),
    merchantId: merchantRef(),
    orderId: text('order_id'),
    deviceEventId: bigint('device_event_id', { mode: 'number' })
      .unique()
      .references(() => deviceEvents.id, { onDelete: 'set null' }),
    deviceId: deviceMention(),
    /** Where the machine stood at the time of the sale. */
    placeId: placeMention(),
    machineType: integer('machine_type'),
    payGateway: text('pay_gateway').notNull(),
    /** sale: a machine's sale (revenue); topUp: a card top-up paid through a gateway (a liability, not revenue). */
    purpose: text('purpose').$type<'sale' | 'topUp'>().notNull().default('sale'),
    status: smallint('status').notNull(),
    currency: text('currency').notNull(),
    total: minor('total'),
    reward: minor('reward'),
    balance: minor('balance'),
    encore: minor('encore'),
    refund: minor('refund'),
    /** Money the gateway collected: total less encore, reward and stored value used. */
    collected: minor('collected'),
    /** The platform's mobile-payment fee on `collected`. */
    fee: minor('fee'),
    orderInfo: jsonb('order_info').$type<OrderInfo>().notNull().default({}),
    createdAt: moment('created_at').notNull(),
    expectPostingAt: moment('expect_posting_at'),
    postedAt: moment('posted_at'),
    withdrawalId: bigint('withdrawal_id', { mode: 'number' }),
    refundedAt: moment('refunded_at'),
    /** The promotion the sale was made under (its price), or null. */
    promotionId: integer('promotion_id').references(() => promotions.id, { onDelete: 'set null' }),
    /** The normal price less what the sale was charged under the promotion. */
    promotionDiscount: minor('promotion_discount'),
    /**
     * A machine's sale whose reported time was outside the clock tolerance (docs/money.md, "When a sale
     * happened"): `created_at` is when the server received it, `reported_at` what the machine said.
     */
    clockOff: boolean('clock_off').notNull().default(false),
    reportedAt: moment('reported_at'),
  },
  (t) => [
    /**
     * The merchant's sales newest first. Migration 0029 adds `include (pay_gateway, device_id)`, which
     * drizzle cannot say: a page filtered by gateway, or of a member limited to some machines, finds its
     * ids in the index alone (docs/performance.md, "50M sales, 20 users"). The same holds for the
     * `include` of the machine's, place's and not-money indexes below.
     */
    index('transactions_merchant_time_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    /** A machine's sales newest first (`include (merchant_id)`, migration 0029). */
    index('transactions_device_time_idx').on(t.deviceId, t.createdAt.desc().nullsLast(), t.id.desc().nullsLast()),
    index('transactions_posting_idx')
      .on(t.expectPostingAt)
      .where(sql`${t.status} = 1`),
    index('transactions_withdrawable_idx')
      .on(t.merchantId)
      .where(sql`${t.status} = 2`),
    index('transactions_withdrawal_idx').on(t.withdrawalId),
    index('transactions_in_settlement_idx')
      .on(t.merchantId)
      .where(sql`${t.status} = 1`),
    /** One payment order is one transaction, however many sale events name it. */
    uniqueIndex('transactions_payment_order_key')
      .on(t.merchantId, t.payGateway, t.orderId)
      .where(sql`${t.orderId} is not null`),
    index('transactions_promotion_idx')
      .on(t.promotionId, t.createdAt)
      .where(sql`${t.promotionId} is not null`),
    /**
     * The sales that are not money: unverified ones (status 97) and card top-ups, counted apart from
     * revenue over a range of days (the records page's count reads these few, not the range's every
     * sale). The statements write 97 as a constant so a generic plan can use it (lib/money-sql.ts).
     * `include (status, purpose, place_id, device_id, pay_gateway)` (migration 0029): counted from the
     * index alone, whatever the page's filter.
     */
    index('transactions_not_money_idx')
      .on(t.merchantId, t.createdAt)
      .where(sql`${t.status} = 97 or ${t.purpose} <> 'sale'`),
    /**
     * The records page filtered by place, newest first: the page's 20 rows without reading the place's
     * range (`include (merchant_id)`, migration 0029: the page's ids from the index alone).
     */
    index('transactions_place_time_idx').on(t.placeId, t.createdAt.desc().nullsLast(), t.id.desc().nullsLast()),
    check('transactions_reported_at_check', sql`${t.clockOff} = (${t.reportedAt} is not null)`),
  ],
);

/** What a rollup row is grouped by besides its merchant, day (and machine), and what it adds up. */
const rollupGroup = () => ({
  placeId: integer('place_id').notNull(),
  machineType: integer('machine_type').notNull(),
  payGateway: text('pay_gateway').notNull(),
  ...rollupMeasures(),
});

/** What a rollup row adds up for its day. */
const rollupMeasures = () => ({
  count: integer('count').notNull().default(0),
  total: minor('total'),
  reward: minor('reward'),
  balance: minor('balance'),
  encore: minor('encore'),
  refund: minor('refund'),
  collected: minor('collected'),
  fee: minor('fee'),
});

/**
 * Daily rollup of transactions per merchant, local day (merchant timezone), device and gateway:
 * revenue statistics and the dashboard read these instead of scanning transactions.
 */
export const revenueDaily = pgTable(
  'revenue_daily',
  {
    merchantId: merchantRef(),
    day: date('day', { mode: 'string' }).notNull(),
    /** 0 for sales without a device (checkout payments). */
    deviceId: integer('device_id').notNull(),
    ...rollupGroup(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.day, t.deviceId, t.placeId, t.machineType, t.payGateway] }),
    index('revenue_daily_merchant_day_idx').on(t.merchantId, t.day),
    index('revenue_daily_device_day_idx').on(t.deviceId, t.day),
  ],
);

/**
 * The same rollup without the machine: a few rows per place and day, for the totals and charts
 * that are not asked per machine (a merchant's three months read in thousands of rows, not 100k).
 */
export const revenueDailyPlace = pgTable(
  'revenue_daily_place',
  {
    merchantId: merchantRef(),
    day: date('day', { mode: 'string' }).notNull(),
    ...rollupGroup(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.day, t.placeId, t.machineType, t.payGateway] }),
    /**
     * One place's days (a records page or statistics filtered by place): its rows of the range, where
     * the key walks every place's (2,181 rows of 133,750 for a large merchant's three months at 50M),
     * with `include (merchant_id, machine_type, pay_gateway, count, total, reward, balance, encore,
     * refund)` (migration 0033; drizzle cannot say it): added up from the index alone.
     */
    index('revenue_daily_place_place_day_idx').on(t.placeId, t.day),
  ],
);

/**
 * The same rollup per machine and day without the gateway: one row per machine and day (its place and
 * type kept), for statistics by machine, which the machine rollup answers from a row per gateway as
 * well (329,319 rows for a large merchant's three months at 50M sales; this a quarter of them).
 */
export const revenueDailyDevice = pgTable(
  'revenue_daily_device',
  {
    merchantId: merchantRef(),
    day: date('day', { mode: 'string' }).notNull(),
    deviceId: integer('device_id').notNull(),
    placeId: integer('place_id').notNull(),
    machineType: integer('machine_type').notNull(),
    ...rollupMeasures(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.day, t.deviceId, t.placeId, t.machineType] }),
    /**
     * One machine's days, with `include (merchant_id, place_id, count, total, reward, balance, encore,
     * refund)` (migration 0032; drizzle cannot say it): a records page or statistics of one machine
     * add up its days from the index alone, where its rows lie one per day across the table (97 pages
     * read from disk for a machine's three months at 50M sales).
     */
    index('revenue_daily_device_device_day_idx').on(t.deviceId, t.day),
  ],
);

/**
 * The same rollup per merchant and day, by machine type and gateway only: a few dozen rows a day
 * whatever the places and machines, for what is asked of the whole business (the records page's
 * totals, statistics by day, week, month, machine type or gateway, the dashboard's months). The place
 * rollup holds 133,750 rows for a large merchant's three months at 50M sales; this 2,250.
 */
export const revenueDailyMerchant = pgTable(
  'revenue_daily_merchant',
  {
    merchantId: merchantRef(),
    day: date('day', { mode: 'string' }).notNull(),
    machineType: integer('machine_type').notNull(),
    payGateway: text('pay_gateway').notNull(),
    ...rollupMeasures(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.day, t.machineType, t.payGateway] })],
);

/**
 * The machine rollup without the gateway, per month (the merchant's local month: `month` is its first
 * day): statistics by machine, place or machine type over months read a row per machine and month
 * for the whole months of the range, and the daily rows only for the days the range takes of its
 * first and last months, or leaves of them (whichever are fewer, subtracted from the month's row):
 * a large merchant's three months at 50M sales are 2,700 rows and up to 30 days' instead of 82,000
 * (docs/performance.md, "50M sales, 20 users"). `dayRows` counts the daily rows a row adds up, so a
 * machine whose days in the range were all subtracted is told apart from one that sold in them.
 */
export const revenueMonthlyDevice = pgTable(
  'revenue_monthly_device',
  {
    merchantId: merchantRef(),
    month: date('month', { mode: 'string' }).notNull(),
    deviceId: integer('device_id').notNull(),
    placeId: integer('place_id').notNull(),
    machineType: integer('machine_type').notNull(),
    dayRows: integer('day_rows').notNull().default(0),
    ...rollupMeasures(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.month, t.deviceId, t.placeId, t.machineType] })],
);

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: merchantRef(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    branch: text('branch').notNull().default(''),
    accountNumber: text('account_number').notNull(),
    holder: text('holder').notNull(),
    holderIdNumber: text('holder_id_number').notNull(),
    verification: text('verification').$type<(typeof bankAccountVerification)[number]>().notNull().default('verifying'),
    verificationNote: text('verification_note').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('bank_accounts_merchant_account_key').on(t.merchantId, t.bankCode, t.accountNumber),
    uniqueIndex('bank_accounts_one_default_key')
      .on(t.merchantId)
      .where(sql`${t.isDefault}`),
  ],
);

export type WithdrawalStatus = 'processing' | 'completed' | 'failed';

/** A payout of everything withdrawable at the time, to the default verified bank account. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigId(),
    merchantId: merchantRef(),
    bankAccountId: integer('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'restrict' }),
    /** The bank account as it was paid to, so editing the account later leaves this record alone. */
    bankCode: text('bank_code').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    branch: text('branch').notNull().default(''),
    accountHolder: text('account_holder').notNull().default(''),
    /** Masked: only the last digits are kept, as every screen shows them. */
    maskedAccountNumber: text('masked_account_number').notNull().default(''),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').$type<WithdrawalStatus>().notNull().default('processing'),
    currency: text('currency').notNull(),
    transactionCount: integer('transaction_count').notNull(),
    /** Collected by the gateways for the included transactions. */
    settlementAmount: minor('settlement_amount'),
    /** Mobile-payment fees of the included transactions. */
    totalFee: minor('total_fee'),
    withdrawFee: minor('withdraw_fee'),
    /** What reaches the bank account: settlementAmount - totalFee - withdrawFee. */
    totalAmount: minor('total_amount'),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference'),
    requestedBy: userMention('requested_by'),
    createdAt: createdAt(),
    completedAt: moment('completed_at'),
    failureReason: text('failure_reason'),
  },
  (t) => [
    uniqueIndex('withdrawals_merchant_key').on(t.merchantId, t.idempotencyKey),
    index('withdrawals_merchant_time_idx').on(t.merchantId, t.createdAt),
    index('withdrawals_processing_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'processing'`),
  ],
);

export type CashboxTripStatus = 'open' | 'settled';

/** A cash collection round over chosen machines (the trip assistant). */
export const cashboxTrips = pgTable(
  'cashbox_trips',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: merchantRef(),
    status: text('status').$type<CashboxTripStatus>().notNull().default('open'),
    note: text('note').notNull().default(''),
    startedBy: userMention('started_by'),
    startedAt: moment('started_at').notNull().defaultNow(),
    settledBy: userMention('settled_by'),
    settledAt: moment('settled_at'),
  },
  (t) => [index('cashbox_trips_merchant_idx').on(t.merchantId, t.startedAt)],
);

export const cashboxTripItems = pgTable(
  'cashbox_trip_items',
  {
    tripId: integer('trip_id')
      .notNull()
      .references(() => cashboxTrips.id, { onDelete: 'cascade' }),
    deviceId: deviceRef(),
    /** The machine's cash-box amount when the trip started, refreshed until it is collected. */
    expectedAmount: minor('expected_amount'),
    collectedAmount: bigint('collected_amount', { mode: 'number' }),
    collectedAt: moment('collected_at'),
    collectedBy: userMention('collected_by'),
    /** How the machine took the settlement's collectCashBox command: ok, failed, timeout, offline. */
    resetResult: text('reset_result'),
  },
  (t) => [primaryKey({ columns: [t.tripId, t.deviceId] })],
);
