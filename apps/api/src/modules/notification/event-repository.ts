import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  backgroundJobs,
  devices,
  merchantMembers,
  merchants,
  notificationEvents,
  notificationInbox,
  notificationSettings,
  places,
  users,
} from '../../db/schema';
import { notificationChannel } from '../../lib/channels';
import { mayReadNotifications } from './repository';
import { settingsOfMember } from './settings-repository';

// Raising an event (the event, its inboxes, its queued deliveries) and reading it back to deliver it.

export type NewEvent = {
  merchantId: number;
  deviceId: number | null;
  placeId: number | null;
  kind: string;
  code: number | null;
  params: Record<string, string | number | boolean | null>;
  dedupeKey: string;
  occurredAt: Date;
};

/** Records the event; null when the same fact (merchant and key) was recorded before. */
export async function insertEvent(db: Executor, event: NewEvent): Promise<number | null> {
  const rows = await db
    .insert(notificationEvents)
    .values(event)
    .onConflictDoNothing({ target: [notificationEvents.merchantId, notificationEvents.dedupeKey] })
    .returning({ id: notificationEvents.id });
  return rows[0]?.id ?? null;
}

/** Members who may see an event of the machine (null: of none), with their choices and the merchant's clock. */
export async function recipientsOf(db: Executor, merchantId: number, deviceId: number | null) {
  return db
    .select({
      user_id: merchantMembers.userId,
      kinds: notificationSettings.kinds,
      critical_kinds: notificationSettings.criticalKinds,
      quiet_from: notificationSettings.quietFrom,
      quiet_to: notificationSettings.quietTo,
      timezone: merchants.timezone,
    })
    .from(merchantMembers)
    .innerJoin(merchants, eq(merchants.id, merchantMembers.merchantId))
    .leftJoin(notificationSettings, settingsOfMember)
    .where(and(eq(merchantMembers.merchantId, merchantId), mayReadNotifications(db, deviceId)));
}

/** Queues a job (a delivery, a report) once per queue and key, in the caller's transaction; answers whether it is new. */
export async function queueJob(
  db: Executor,
  queue: string,
  payload: Record<string, unknown>,
  options: { runAt: Date; dedupeKey: string },
): Promise<boolean> {
  const result = await db
    .insert(backgroundJobs)
    .values({ queue, payload, dedupeKey: options.dedupeKey, runAt: options.runAt, maxAttempts: 6 })
    .onConflictDoNothing({ target: [backgroundJobs.queue, backgroundJobs.dedupeKey] });
  return (result.rowCount ?? 0) > 0;
}

export async function insertInbox(
  db: Executor,
  eventId: number,
  merchantId: number,
  rows: { userId: number; critical: boolean; inApp: boolean }[],
) {
  await db.insert(notificationInbox).values(rows.map((row) => ({ eventId, merchantId, ...row })));
}

/** Tells every instance's open streams (delivered when the transaction commits). */
export async function notifyStreams(db: Executor, note: { merchantId: number; eventId: number; userIds: number[] }) {
  await db.execute(sql`select pg_notify(${notificationChannel}, ${JSON.stringify(note)})`);
}

/**
 * The event as the member will read it, only while they may still see it (their inbox row, an active
 * membership with the notification group, the machine on their whitelist): a member removed, suspended
 * or narrowed while the delivery waited (quiet hours, retries) gets nothing.
 */
export async function deliveryContext(db: Executor, eventId: number, userId: number) {
  const rows = await db
    .select({
      kind: notificationEvents.kind,
      code: notificationEvents.code,
      params: notificationEvents.params,
      occurred_at: notificationEvents.occurredAt,
      device_id: notificationEvents.deviceId,
      device_name: devices.name,
      place_name: places.title,
      timezone: merchants.timezone,
      locale: users.locale,
      email: users.email,
    })
    .from(notificationEvents)
    .innerJoin(
      notificationInbox,
      and(eq(notificationInbox.eventId, notificationEvents.id), eq(notificationInbox.userId, userId)),
    )
    .innerJoin(merchants, eq(merchants.id, notificationEvents.merchantId))
    .innerJoin(users, eq(users.id, notificationInbox.userId))
    .innerJoin(
      merchantMembers,
      and(
        eq(merchantMembers.merchantId, notificationEvents.merchantId),
        eq(merchantMembers.userId, users.id),
        mayReadNotifications(db, notificationEvents.deviceId),
      ),
    )
    .leftJoin(devices, eq(devices.id, notificationEvents.deviceId))
    .leftJoin(places, eq(places.id, sql`coalesce(${notificationEvents.placeId}, ${devices.placeId})`))
    .where(eq(notificationEvents.id, eventId));
  return rows[0] ?? null;
}

/** The member's language and address and the merchant's clock, for a test message. */
export async function testContext(db: Executor, userId: number, merchantId: number) {
  const rows = await db
    .select({ locale: users.locale, email: users.email, timezone: merchants.timezone })
    .from(users)
    .innerJoin(merchants, eq(merchants.id, merchantId))
    .where(eq(users.id, userId));
  return rows[0] ?? null;
}

/** Marks the event read in every inbox it reached (the demo's older alerts). */
export async function markEventRead(db: Executor, eventIds: number[], at: Date) {
  await db.update(notificationInbox).set({ readAt: at }).where(inArray(notificationInbox.eventId, eventIds));
}
