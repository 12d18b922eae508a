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
} from 'drizzle-orm/pg-core';
import { moment, createdAt, updatedAt, bigId } from './columns';
import { merchantRef, merchants, userRef, users } from './people-schema';
import { deviceMention, placeMention } from './device-schema';
import { sql } from 'drizzle-orm';

// Notifications (docs/notifications.md): events the product raises, each staff member's inbox, their
// settings and linked channels, and the background jobs that deliver them.

/**
 * Background work in PostgreSQL: claimed with `for update skip locked`, so several api instances
 * share a queue and each job runs once; a failed run is retried with backoff until max_attempts.
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: bigId(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** A job enqueued twice with the same key (per queue) is kept once. */
    dedupeKey: text('dedupe_key'),
    status: text('status').$type<'pending' | 'running' | 'done' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(6),
    runAt: moment('run_at').notNull().defaultNow(),
    /** While running: when another instance may take it over (the runner died). */
    lockedUntil: moment('locked_until'),
    lastError: text('last_error'),
    finishedAt: moment('finished_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('background_jobs_dedupe_key').on(t.queue, t.dedupeKey),
    index('background_jobs_due_idx')
      .on(t.queue, t.runAt)
      .where(sql`${t.status} in ('pending', 'running')`),
    check('background_jobs_status', sql`${t.status} in ('pending', 'running', 'done', 'failed')`),
  ],
);

/** Something that happened that staff may want to know: a machine offline, a fault, a refund. */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: bigId(),
    merchantId: merchantRef(),
    deviceId: deviceMention(),
    placeId: placeMention(),
    kind: text('kind').notNull(),
    code: integer('code'),
    params: jsonb('params').$type<Record<string, string | number | boolean | null>>().notNull(),
    /** The same fact raised by several instances or sources lands once. */
    dedupeKey: text('dedupe_key').notNull(),
    occurredAt: moment('occurred_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notification_events_dedupe').on(t.merchantId, t.dedupeKey),
    index('notification_events_merchant_time_idx').on(t.merchantId, t.occurredAt),
  ],
);

/** One row per staff member who may see the event (notification permission, device whitelist). */
export const notificationInbox = pgTable(
  'notification_inbox',
  {
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => notificationEvents.id, { onDelete: 'cascade' }),
    userId: userRef(),
    merchantId: merchantRef(),
    critical: boolean('critical').notNull().default(false),
    /** Shown in the notification center (the member may have chosen only other channels for the kind). */
    inApp: boolean('in_app').notNull().default(true),
    readAt: moment('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index('notification_inbox_user_idx').on(t.userId, t.merchantId, t.eventId),
    index('notification_inbox_unread_idx')
      .on(t.userId, t.merchantId)
      .where(sql`${t.readAt} is null`),
  ],
);

export type NotificationChannelChoice = { inApp: boolean; push: boolean; line: boolean; email: boolean };

/** A staff member's choices at one merchant; no row means the defaults (docs/notifications.md). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: userRef(),
    merchantId: merchantRef(),
    kinds: jsonb('kinds').$type<Record<string, NotificationChannelChoice>>().notNull(),
    criticalKinds: text('critical_kinds').array().notNull(),
    /** Quiet hours as minutes of the merchant's day, [from, to), across midnight when from > to. */
    quietFrom: integer('quiet_from'),
    quietTo: integer('quiet_to'),
    report: text('report').$type<'off' | 'daily' | 'weekly'>().notNull().default('off'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.merchantId] })],
);

/** A merchant's alert thresholds; no row means the defaults. */
export const notificationThresholds = pgTable('notification_thresholds', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  values: jsonb('values').$type<Record<string, number>>().notNull(),
  updatedAt: updatedAt(),
});

/** A browser's Web Push subscription (one per browser and user). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigId(),
    userId: userRef(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/** A staff member's LINE account, linked by a code sent to the official account. */
export const lineLinks = pgTable('line_links', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lineUserId: text('line_user_id'),
  /** A pending link: the code the user sends to the account, valid until linkCodeExpiresAt. */
  linkCode: text('link_code'),
  linkCodeExpiresAt: moment('link_code_expires_at'),
  linkedAt: moment('linked_at'),
  /**
   * Why pushes to the linked account fail until the member links again: `forbidden` (LINE answered 403:
   * the account may not message them) or `blocked` (they blocked the official account).
   */
  problem: text('problem').$type<'forbidden' | 'blocked'>(),
});
