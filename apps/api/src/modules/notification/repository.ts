import type pg from 'pg';
import type { NotificationListQuery } from '@sbo/contracts';

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/** The member an inbox belongs to: `memberId` null for root (no member row, no whitelist, no inbox). */
export type InboxOwner = { merchantId: number; userId: number; memberId: number | null };

export type InboxRow = {
  id: string;
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

// The member's shown notifications, of machines they may see now (a whitelist changed since still counts).
const visible = `
  i.user_id = $1 and i.merchant_id = $2 and i.in_app
  and (e.device_id is null or not exists (
        select 1 from merchant_members m
         where m.id = $3 and m.device_whitelist_enabled
           and not exists (select 1 from member_device_whitelist w where w.member_id = m.id and w.device_id = e.device_id)))`;

const columns = `
  e.id, e.kind, i.critical, i.read_at, e.occurred_at, e.device_id, d.name as device_name, h.hwid,
  coalesce(e.place_id, d.place_id) as place_id, p.title as place_name, e.code, e.params`;

const joins = `
  from notification_inbox i
  join notification_events e on e.id = i.event_id
  left join devices d on d.id = e.device_id
  left join device_hardware h on h.device_id = e.device_id
  left join places p on p.id = coalesce(e.place_id, d.place_id)`;

export async function listInbox(db: Queryable, owner: InboxOwner, query: NotificationListQuery) {
  const params: unknown[] = [owner.userId, owner.merchantId, owner.memberId];
  const filters: string[] = [];
  if (query.kind) filters.push(`e.kind = $${params.push(query.kind)}`);
  if (query.deviceId !== undefined) filters.push(`e.device_id = $${params.push(query.deviceId)}`);
  if (query.unread !== undefined) filters.push(query.unread ? 'i.read_at is null' : 'i.read_at is not null');
  const where = [visible, ...filters].join(' and ');
  const limit = params.push(query.pageSize);
  const offset = params.push((query.page - 1) * query.pageSize);
  const [rows, counts] = await Promise.all([
    db.query<InboxRow>(
      `select ${columns} ${joins} where ${where} order by e.occurred_at desc, e.id desc limit $${limit} offset $${offset}`,
      params,
    ),
    db.query<{ total: number; unread: number }>(
      `select count(*) filter (where ${filters.length ? filters.join(' and ') : 'true'})::int as total,
              count(*) filter (where i.read_at is null)::int as unread
         ${joins} where ${visible}`,
      params.slice(0, params.length - 2),
    ),
  ]);
  return { rows: rows.rows, total: counts.rows[0]?.total ?? 0, unread: counts.rows[0]?.unread ?? 0 };
}

export async function unreadCount(db: Queryable, owner: InboxOwner): Promise<number> {
  const result = await db.query<{ unread: number }>(
    `select count(*)::int as unread ${joins} where ${visible} and i.read_at is null`,
    [owner.userId, owner.merchantId, owner.memberId],
  );
  return result.rows[0]?.unread ?? 0;
}

export async function inboxItem(db: Queryable, owner: InboxOwner, eventId: number): Promise<InboxRow | null> {
  const result = await db.query<InboxRow>(`select ${columns} ${joins} where ${visible} and e.id = $4`, [
    owner.userId,
    owner.merchantId,
    owner.memberId,
    eventId,
  ]);
  return result.rows[0] ?? null;
}

/** Marks read what the member can see (one event, or all when `eventId` is null); answers how many changed. */
export async function markRead(db: Queryable, owner: InboxOwner, eventId: number | null, now: Date): Promise<number> {
  const params: unknown[] = [owner.userId, owner.merchantId, owner.memberId, now];
  const one = eventId === null ? '' : `and e.id = $${params.push(eventId)}`;
  const result = await db.query(
    `update notification_inbox i set read_at = $4
       from notification_events e
      where e.id = i.event_id and ${visible} and i.read_at is null ${one}`,
    params,
  );
  return result.rowCount ?? 0;
}

/** The event as each listed member sees it in their stream (critical and read state are theirs). */
export async function streamItems(db: Queryable, eventId: number, userIds: number[]) {
  const result = await db.query<InboxRow & { user_id: number }>(
    `select i.user_id, ${columns} ${joins} where i.event_id = $1 and i.user_id = any($2::int[]) and i.in_app`,
    [eventId, userIds],
  );
  return result.rows;
}
