import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { moment, createdAt, bigId } from './columns';
import { merchantRef, optionalMerchantRef, userMention } from './people-schema';
import { deviceMention } from './device-schema';
import type { commandOutcomes, logTypes } from '@sbo/contracts';

// What machines did and were told: device events (each stored once), the device log and commands sent
// to many machines at once.

/** Device events, each stored once: a redelivered message hits the unique (hwid, event_id). */
export const deviceEvents = pgTable(
  'device_events',
  {
    id: bigId(),
    hwid: text('hwid').notNull(),
    eventId: text('event_id').notNull(),
    /** The cloud device and merchant the hardware was bound to when the event arrived. */
    deviceId: deviceMention(),
    merchantId: optionalMerchantRef(),
    kind: text('kind').notNull(),
    /** The device's `occurredAt` when it was within the clock tolerance, else the receive time (docs/money.md). */
    occurredAt: moment('occurred_at').notNull(),
    deviceOccurredAt: moment('device_occurred_at').notNull(),
    receivedAt: moment('received_at').notNull().defaultNow(),
    amount: bigint('amount', { mode: 'number' }),
    encore: bigint('encore', { mode: 'number' }),
    payGateway: text('pay_gateway'),
    orderId: text('order_id'),
    test: boolean('test').notNull().default(false),
    commandId: text('command_id'),
    payload: jsonb('payload').notNull(),
    /** Why a sale was held aside for review instead of becoming a transaction (e.g. over the amount limit). */
    heldReason: text('held_reason'),
  },
  (t) => [
    uniqueIndex('device_events_hwid_event_key').on(t.hwid, t.eventId),
    index('device_events_held_idx')
      .on(t.merchantId, t.occurredAt)
      .where(sql`${t.heldReason} is not null`),
    index('device_events_device_kind_idx').on(t.deviceId, t.kind),
    index('device_events_merchant_time_idx').on(t.merchantId, t.occurredAt),
  ],
);

/** The device log of spec section 3: connection changes, faults, cash movements, remote actions. */
export const deviceLogs = pgTable(
  'device_logs',
  {
    id: bigId(),
    merchantId: optionalMerchantRef(),
    deviceId: deviceMention(),
    hwid: text('hwid'),
    logType: text('log_type').$type<(typeof logTypes)[number]>().notNull(),
    contentKey: text('content_key').notNull(),
    content: text('content').notNull(),
    contentParams: jsonb('content_params').$type<Record<string, string | number | boolean | null>>().notNull(),
    operatorUserId: userMention('operator_user_id'),
    operatorName: text('operator_name'),
    expectedCoins: integer('expected_coins'),
    actualCoins: integer('actual_coins'),
    commandId: text('command_id'),
    result: text('result').$type<(typeof commandOutcomes)[number]>(),
    code: integer('code'),
    /** Makes a log written by several api instances for the same fact land once. */
    dedupeKey: text('dedupe_key'),
    /** The command to many machines this command belongs to (`command_batches`). */
    batchId: uuid('batch_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('device_logs_dedupe_key').on(t.hwid, t.dedupeKey),
    index('device_logs_batch_idx')
      .on(t.batchId)
      .where(sql`${t.batchId} is not null`),
    index('device_logs_merchant_time_idx').on(t.merchantId, t.createdAt),
    index('device_logs_device_time_idx').on(t.deviceId, t.createdAt),
    index('device_logs_command_idx')
      .on(t.commandId)
      .where(sql`${t.commandId} is not null`),
  ],
);

/**
 * One command sent to many machines: who sent what to which machines, and the machines left out
 * with why. Each machine's outcome is its device-log row (`device_logs.batch_id`).
 */
export const commandBatches = pgTable(
  'command_batches',
  {
    id: uuid('id').primaryKey(),
    merchantId: merchantRef(),
    userId: userMention('user_id'),
    action: text('action').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    targets: jsonb('targets').$type<{ deviceId: number; name: string }[]>().notNull(),
    skipped: jsonb('skipped').$type<{ deviceId: number; name: string; reason: string }[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('command_batches_merchant_time_idx').on(t.merchantId, t.createdAt)],
);
