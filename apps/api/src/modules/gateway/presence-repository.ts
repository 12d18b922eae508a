import { sql } from 'drizzle-orm';
import type { StatusMessage } from '@sbo/contracts/mqtt';
import type { Executor } from '../../db/client';
import { statement } from '../../db/prepared';
import { deviceHardware, deviceState } from '../../db/schema';
import { boundAndNotify, byHwid } from './state-repository';

// Presence changes are conditional updates (`where online` / `where not online`), so when several
// instances see the same status message exactly one of them logs the change.

const param = (name: string) => sql.placeholder(name);

/**
 * Devices coming online, many in one statement (arrays, sorted by hardware id so two batches lock
 * rows in the same order): a fleet reconnecting at once sent 10,000 single-row writes that queued
 * for the pool's few connections, state batches behind them, for over a minute.
 */
const markOnline = statement<{ hwid: string }>(
  'gateway-mark-online',
  sql`
with incoming as (
  select * from unnest(${param('hwid')}::text[], ${param('connId')}::text[], ${param('kind')}::text[],
                       ${param('model')}::text[], ${param('firmware')}::text[])
    as i(hwid, conn_id, kind, model, firmware)
),
changed as (
  insert into ${deviceState} as s (hwid, online, online_changed_at, conn_id, kind, model, firmware, last_seen_at)
  select h.hwid, true, now(), i.conn_id, i.kind, i.model, i.firmware, now()
    from incoming i join ${deviceHardware} h on h.hwid = i.hwid
   order by i.hwid
  on conflict (hwid) do update set
    online = true,
    -- Already online under this connection, or under none yet (its first state report overtook
    -- this status): not a new connection, so not logged twice.
    online_changed_at = case when s.online and (s.conn_id is null or s.conn_id = excluded.conn_id)
                             then s.online_changed_at else now() end,
    conn_id = excluded.conn_id, kind = excluded.kind, model = excluded.model, firmware = excluded.firmware,
    last_seen_at = now()
  returning s.*, s.online_changed_at = now() as came_online
),
${boundAndNotify(
  {
    when: sql`b.came_online`,
    key: 'deviceLog.connection.online',
    content: 'Device connected',
    dedupe: sql`'online:' || b.conn_id`,
  },
  sql`b.came_online`,
)}`,
);

type OfflineReason = Extract<StatusMessage, { status: 'offline' }>['reason'] | 'silent';
const offlineTexts: Record<OfflineReason, string> = {
  lastWill: 'Device disconnected (connection lost)',
  shutdown: 'Device disconnected (shut down)',
  reboot: 'Device disconnected (restarting)',
  silent: 'Device disconnected (no report received)',
};
const offlineLog = (reason: OfflineReason) => ({
  when: sql`true`,
  key: `deviceLog.connection.offline.${reason}`,
  content: offlineTexts[reason],
  dedupe: sql`'offline:' || coalesce(b.conn_id, '-') || ':' || (extract(epoch from now()) * 1000)::bigint`,
});

const markOffline = (reason: OfflineReason) =>
  statement<unknown>(
    `gateway-mark-offline-${reason}`,
    sql`
with changed as (
  update ${deviceState} s set online = false, online_changed_at = now()
   where s.hwid = ${param('hwid')}::text and s.online and (s.conn_id = ${param('connId')}::text or s.conn_id is null)
  returning s.*
),
${boundAndNotify(offlineLog(reason))}`,
  );
const markOfflineByReason = Object.fromEntries(
  (['lastWill', 'shutdown', 'reboot'] as const).map((reason) => [reason, markOffline(reason)]),
) as Record<Exclude<OfflineReason, 'silent'>, ReturnType<typeof markOffline>>;

const markSilent = statement<unknown>(
  'gateway-mark-silent',
  sql`
with changed as (
  update ${deviceState} s set online = false, online_changed_at = now()
   where s.online and s.last_seen_at < now() - make_interval(secs => ${param('afterSeconds')}::double precision)
  returning s.*
),
${boundAndNotify(offlineLog('silent'))}`,
);

export type OnlineStatus = Extract<StatusMessage, { status: 'online' }>;

/** Marks devices online in one statement; answers the hardware ids of bound devices that just came online. */
export async function storeOnlineStatuses(
  db: Executor,
  statuses: readonly { hwid: string; status: OnlineStatus }[],
): Promise<Set<string>> {
  const sorted = [...statuses].sort(byHwid);
  const rows = await markOnline(db, {
    hwid: sorted.map((s) => s.hwid),
    connId: sorted.map((s) => s.status.connId),
    kind: sorted.map((s) => s.status.kind),
    model: sorted.map((s) => s.status.model),
    firmware: sorted.map((s) => s.status.firmware),
  });
  return new Set(rows.map((row) => row.hwid));
}

/** Returns true when a bound device has just come online. */
export async function storeStatus(db: Executor, hwid: string, status: StatusMessage): Promise<boolean> {
  if (status.status === 'online') return (await storeOnlineStatuses(db, [{ hwid, status }])).has(hwid);
  // An offline status of an older connection is stale: that connection was already replaced.
  await markOfflineByReason[status.reason](db, { hwid, connId: status.connId });
  return false;
}

/** One statement, safe to run from every instance at once: each silent device is flipped (and logged) once. */
export async function markSilentDevicesOffline(db: Executor, afterSeconds: number): Promise<number> {
  return (await markSilent(db, { afterSeconds })).length;
}
