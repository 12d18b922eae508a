import { and, eq, like, sql } from 'drizzle-orm';
import type { ChannelChoice, NotificationThresholds } from '@sbo/contracts';
import type { Executor } from '../../db/client';
import {
  backgroundJobs,
  lineLinks,
  merchantMembers,
  merchants,
  notificationEvents,
  notificationSettings,
  notificationThresholds,
  pushSubscriptions,
  users,
} from '../../db/schema';

type StoredSettings = {
  kinds: Record<string, ChannelChoice>;
  criticalKinds: string[];
  quietFrom: number | null;
  quietTo: number | null;
  report: 'off' | 'daily' | 'weekly';
};

/** Joins a member (`merchantMembers`) to their settings at that merchant. */
export const settingsOfMember = and(
  eq(notificationSettings.userId, merchantMembers.userId),
  eq(notificationSettings.merchantId, merchantMembers.merchantId),
);

/** The merchant's time zone (UTC for a merchant that is gone). */
export async function merchantTimeZone(db: Executor, merchantId: number): Promise<string> {
  const rows = await db.select({ timezone: merchants.timezone }).from(merchants).where(eq(merchants.id, merchantId));
  return rows[0]?.timezone ?? 'UTC';
}

export async function findSettings(db: Executor, userId: number, merchantId: number): Promise<StoredSettings | null> {
  const rows = await db
    .select({
      kinds: notificationSettings.kinds,
      criticalKinds: notificationSettings.criticalKinds,
      quietFrom: notificationSettings.quietFrom,
      quietTo: notificationSettings.quietTo,
      report: notificationSettings.report,
    })
    .from(notificationSettings)
    .where(and(eq(notificationSettings.userId, userId), eq(notificationSettings.merchantId, merchantId)));
  return rows[0] ?? null;
}

export async function saveSettings(
  db: Executor,
  userId: number,
  merchantId: number,
  settings: StoredSettings,
  now: Date,
) {
  const values = { ...settings, updatedAt: now };
  await db
    .insert(notificationSettings)
    .values({ userId, merchantId, ...values })
    .onConflictDoUpdate({ target: [notificationSettings.userId, notificationSettings.merchantId], set: values });
}

/** LINE is no longer chosen for any event, at any of the member's merchants. */
export async function turnOffLine(db: Executor, userId: number) {
  await db
    .update(notificationSettings)
    .set({
      kinds: sql`(select coalesce(jsonb_object_agg(k, v || '{"line": false}'::jsonb), '{}'::jsonb)
                    from jsonb_each(${notificationSettings.kinds}) as t(k, v))`,
    })
    .where(eq(notificationSettings.userId, userId));
}

export async function countPushSubscriptions(db: Executor, userId: number): Promise<number> {
  return db.$count(pushSubscriptions, eq(pushSubscriptions.userId, userId));
}

/** What the settings screen shows of each channel: linked or not, and the last deliveries that failed for good. */
export async function channelStatus(db: Executor, userId: number) {
  const [user, line, push, failed] = await Promise.all([
    db.select({ email: users.email }).from(users).where(eq(users.id, userId)),
    db
      .select({ linked: sql<boolean>`${lineLinks.lineUserId} is not null`, problem: lineLinks.problem })
      .from(lineLinks)
      .where(eq(lineLinks.userId, userId)),
    countPushSubscriptions(db, userId),
    db
      .select({
        id: backgroundJobs.id,
        queue: backgroundJobs.queue,
        kind: notificationEvents.kind,
        attempts: backgroundJobs.attempts,
        last_error: backgroundJobs.lastError,
        finished_at: backgroundJobs.finishedAt,
      })
      .from(backgroundJobs)
      .leftJoin(notificationEvents, eq(notificationEvents.id, sql`(${backgroundJobs.payload} ->> 'eventId')::bigint`))
      .where(
        and(
          like(backgroundJobs.queue, 'notify.%'),
          eq(backgroundJobs.status, 'failed'),
          sql`(${backgroundJobs.payload} ->> 'userId')::int = ${userId}`,
        ),
      )
      .orderBy(sql`${backgroundJobs.finishedAt} desc nulls last`)
      .limit(10),
  ]);
  return {
    email: user[0]?.email ?? '',
    lineLinked: line[0]?.linked ?? false,
    lineProblem: line[0]?.linked ? (line[0].problem ?? null) : null,
    pushSubscriptions: push,
    failed,
  };
}

export async function findThresholds(db: Executor, merchantId: number): Promise<Partial<NotificationThresholds>> {
  const rows = await db
    .select({ values: notificationThresholds.values })
    .from(notificationThresholds)
    .where(eq(notificationThresholds.merchantId, merchantId));
  return rows[0]?.values ?? {};
}

export async function saveThresholds(db: Executor, merchantId: number, values: NotificationThresholds, now: Date) {
  await db
    .insert(notificationThresholds)
    .values({ merchantId, values, updatedAt: now })
    .onConflictDoUpdate({ target: notificationThresholds.merchantId, set: { values, updatedAt: now } });
}
