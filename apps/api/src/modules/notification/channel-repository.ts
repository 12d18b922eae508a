import { and, desc, eq, gt, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { lineLinks, pushSubscriptions } from '../../db/schema';

// The member's phone channels: their browsers' Web Push subscriptions and their linked LINE account.

export type PushSubscriptionRow = { endpoint: string; p256dh: string; auth: string };

/** Adds a browser, or gives an endpoint already known to this user with its new keys. */
export async function savePushSubscription(
  db: Executor,
  userId: number,
  subscription: PushSubscriptionRow & { userAgent: string | null },
) {
  const { endpoint, ...fields } = subscription;
  await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint, ...fields })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, ...fields, createdAt: sql`now()` } });
}

/** Keeps the user's newest `keep` browsers. */
export async function keepNewestPushSubscriptions(db: Executor, userId: number, keep: number) {
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
}

export async function deletePushSubscription(db: Executor, userId: number, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function pushSubscriptionsOf(db: Executor, userId: number) {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.id);
}

/** A subscription the push service no longer knows. */
export async function deletePushSubscriptionById(db: Executor, id: number) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function findLineLink(db: Executor, userId: number) {
  const rows = await db
    .select({ line_user_id: lineLinks.lineUserId, problem: lineLinks.problem })
    .from(lineLinks)
    .where(eq(lineLinks.userId, userId));
  return rows[0] ?? null;
}

/** LINE answered 403: the official account may not message this member until they link again. */
export async function markLineForbidden(db: Executor, userId: number) {
  await db.update(lineLinks).set({ problem: 'forbidden' }).where(eq(lineLinks.userId, userId));
}

/** A pending link code, replacing any earlier one (the linked account stays until the code is used). */
export async function saveLinkCode(db: Executor, userId: number, code: string, expiresAt: Date) {
  await db
    .insert(lineLinks)
    .values({ userId, linkCode: code, linkCodeExpiresAt: expiresAt })
    .onConflictDoUpdate({ target: lineLinks.userId, set: { linkCode: code, linkCodeExpiresAt: expiresAt } });
}

export async function deleteLineLink(db: Executor, userId: number) {
  await db.delete(lineLinks).where(eq(lineLinks.userId, userId));
}

/** Links the LINE user to whoever holds the unexpired code; answers how many members were linked. */
export async function linkLineByCode(db: Executor, lineUserId: string, code: string, now: Date): Promise<number> {
  const result = await db
    .update(lineLinks)
    .set({ lineUserId, linkedAt: now, problem: null, linkCode: null, linkCodeExpiresAt: null })
    .where(and(eq(lineLinks.linkCode, code), gt(lineLinks.linkCodeExpiresAt, now)));
  return result.rowCount ?? 0;
}

/** The LINE user blocked the official account (unfollow), or unblocked it (follow). */
export async function markLineBlocked(db: Executor, lineUserId: string, blocked: boolean) {
  if (blocked) await db.update(lineLinks).set({ problem: 'blocked' }).where(eq(lineLinks.lineUserId, lineUserId));
  else
    await db
      .update(lineLinks)
      .set({ problem: null })
      .where(and(eq(lineLinks.lineUserId, lineUserId), eq(lineLinks.problem, 'blocked')));
}
