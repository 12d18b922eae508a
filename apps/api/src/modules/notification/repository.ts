import { and, desc, eq, exists, inArray, isNotNull, isNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { NotificationListQuery } from '@sbo/contracts';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  deviceHardware,
  devices,
  memberDeviceWhitelist,
  merchantMembers,
  notificationEvents,
  notificationInbox,
  places,
} from '../../db/schema';

/** The member an inbox belongs to: `memberId` null for root (no member row, no whitelist, no inbox). */
export type InboxOwner = { merchantId: number; userId: number; memberId: number | null };

/**
 * Members who may read notifications about a machine (the event's column, an id, or null for none): not
 * suspended, holding the notification group (owners always do), and with a whitelist, only for its machines.
 */
export function mayReadNotifications(db: Executor, device: typeof notificationEvents.deviceId | number | null) {
  const onWhitelist = () => exists(whitelistEntry(db, device!));
  return and(
    eq(merchantMembers.suspended, false),
    or(eq(merchantMembers.role, 'merchant'), sql`'notification' = any(${merchantMembers.permissionGroups})`),
    device === null
      ? undefined
      : typeof device === 'number'
        ? or(eq(merchantMembers.deviceWhitelistEnabled, false), onWhitelist())
        : or(eq(merchantMembers.deviceWhitelistEnabled, false), isNull(device), onWhitelist()),
  );
}

/** The member's (`merchantMembers` row's) whitelist entry for the machine. */
const whitelistEntry = (db: Executor, device: typeof notificationEvents.deviceId | number) =>
  db
    .select({ one: sql`1` })
    .from(memberDeviceWhitelist)
    .where(and(eq(memberDeviceWhitelist.memberId, merchantMembers.id), eq(memberDeviceWhitelist.deviceId, device)));

const inboxColumns = {
  id: notificationEvents.id,
  kind: notificationEvents.kind,
  critical: notificationInbox.critical,
  read_at: notificationInbox.readAt,
  occurred_at: notificationEvents.occurredAt,
  device_id: notificationEvents.deviceId,
  device_name: devices.name,
  hwid: deviceHardware.hwid,
  place_id: sql<number | null>`coalesce(${notificationEvents.placeId}, ${devices.placeId})`,
  place_name: places.title,
  code: notificationEvents.code,
  params: notificationEvents.params,
};

export type InboxRow = {
  id: number;
  kind: string;
  critical: boolean;
  read_at: Date | null;
  occurred_at: Date;
  device_id: number | null;
  device_name: string | null;
  hwid: string | null;
  place_id: number | null;
  place_name: string | null;
  code: number | null;
  params: Record<string, string | number | boolean | null>;
};

/** The inbox rows with their event, machine and place. */
const selectInbox = <T extends SelectedFields>(db: Executor, extra: T) =>
  db
    .select({ ...extra, ...inboxColumns })
    .from(notificationInbox)
    .innerJoin(notificationEvents, eq(notificationEvents.id, notificationInbox.eventId))
    .leftJoin(devices, eq(devices.id, notificationEvents.deviceId))
    .leftJoin(deviceHardware, eq(deviceHardware.deviceId, notificationEvents.deviceId))
    .leftJoin(places, eq(places.id, sql`coalesce(${notificationEvents.placeId}, ${devices.placeId})`));

// The member's shown notifications, of machines they may see now (a whitelist changed since still counts).
function visibleTo(db: Executor, owner: InboxOwner): SQL {
  const hiddenMachine =
    owner.memberId === null
      ? undefined
      : or(
          isNull(notificationEvents.deviceId),
          notExists(
            db
              .select({ one: sql`1` })
              .from(merchantMembers)
              .where(
                and(
                  eq(merchantMembers.id, owner.memberId),
                  eq(merchantMembers.deviceWhitelistEnabled, true),
                  notExists(whitelistEntry(db, notificationEvents.deviceId)),
                ),
              ),
          ),
        );
  return and(
    eq(notificationInbox.userId, owner.userId),
    eq(notificationInbox.merchantId, owner.merchantId),
    eq(notificationInbox.inApp, true),
    hiddenMachine,
  )!;
}

export async function listInbox(db: Executor, owner: InboxOwner, query: NotificationListQuery) {
  const filters: SQL[] = [];
  if (query.kind) filters.push(eq(notificationEvents.kind, query.kind));
  if (query.deviceId !== undefined) filters.push(eq(notificationEvents.deviceId, query.deviceId));
  if (query.unread !== undefined)
    filters.push(query.unread ? isNull(notificationInbox.readAt) : isNotNull(notificationInbox.readAt));
  const visible = visibleTo(db, owner);
  const [rows, counts] = await Promise.all([
    selectInbox(db, {})
      .where(and(visible, ...filters))
      .orderBy(desc(notificationEvents.occurredAt), desc(notificationEvents.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({
        total: sql<number>`count(*) filter (where ${filters.length ? and(...filters) : sql`true`})::int`,
        unread: sql<number>`count(*) filter (where ${isNull(notificationInbox.readAt)})::int`,
      })
      .from(notificationInbox)
      .innerJoin(notificationEvents, eq(notificationEvents.id, notificationInbox.eventId))
      .where(visible),
  ]);
  return { rows, total: counts[0]?.total ?? 0, unread: counts[0]?.unread ?? 0 };
}

export async function unreadCount(db: Executor, owner: InboxOwner): Promise<number> {
  const rows = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(notificationInbox)
    .innerJoin(notificationEvents, eq(notificationEvents.id, notificationInbox.eventId))
    .where(and(visibleTo(db, owner), isNull(notificationInbox.readAt)));
  return rows[0]?.unread ?? 0;
}

export async function inboxItem(db: Executor, owner: InboxOwner, eventId: number): Promise<InboxRow | null> {
  const rows = await selectInbox(db, {}).where(and(visibleTo(db, owner), eq(notificationEvents.id, eventId)));
  return rows[0] ?? null;
}

/** Marks read what the member can see (one event, or all when `eventId` is null); answers how many changed. */
export async function markRead(db: Executor, owner: InboxOwner, eventId: number | null, now: Date): Promise<number> {
  const result = await db
    .update(notificationInbox)
    .set({ readAt: now })
    .from(notificationEvents)
    .where(
      and(
        eq(notificationEvents.id, notificationInbox.eventId),
        visibleTo(db, owner),
        isNull(notificationInbox.readAt),
        eventId === null ? undefined : eq(notificationEvents.id, eventId),
      ),
    );
  return result.rowCount ?? 0;
}

/** The event as each listed member sees it in their stream (critical and read state are theirs). */
export async function streamItems(db: Executor, eventId: number, userIds: number[]) {
  const rows = await selectInbox(db, { user_id: notificationInbox.userId }).where(
    and(
      eq(notificationInbox.eventId, eventId),
      inArray(notificationInbox.userId, userIds),
      eq(notificationInbox.inApp, true),
    ),
  );
  return rows;
}
