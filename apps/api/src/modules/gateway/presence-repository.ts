import type pg from 'pg';
import type { StatusMessage } from '@sbo/contracts/mqtt';
import { boundAndNotify } from './state-repository';

// Presence changes are conditional updates (`where online` / `where not online`), so when several
// instances see the same status message exactly one of them logs the change.

const markOnline = `
with changed as (
  insert into device_state as s (hwid, online, online_changed_at, conn_id, kind, model, firmware, last_seen_at)
  select h.hwid, true, now(), $2, $3, $4, $5, now() from device_hardware h where h.hwid = $1
  on conflict (hwid) do update set
    online = true,
    online_changed_at = case when s.online and s.conn_id is not distinct from excluded.conn_id
                             then s.online_changed_at else now() end,
    conn_id = excluded.conn_id, kind = excluded.kind, model = excluded.model, firmware = excluded.firmware,
    last_seen_at = now()
  returning s.*, s.online_changed_at = now() as came_online
),
${boundAndNotify(
  {
    when: 'b.came_online',
    key: 'deviceLog.connection.online',
    content: 'Device connected',
    dedupe: `'online:' || b.conn_id`,
  },
  'b.came_online',
)}`;

type OfflineReason = Extract<StatusMessage, { status: 'offline' }>['reason'] | 'silent';
const offlineTexts: Record<OfflineReason, string> = {
  lastWill: 'Device disconnected (connection lost)',
  shutdown: 'Device disconnected (shut down)',
  reboot: 'Device disconnected (restarting)',
  silent: 'Device disconnected (no report received)',
};
const offlineLog = (reason: OfflineReason) => ({
  when: 'true',
  key: `deviceLog.connection.offline.${reason}`,
  content: offlineTexts[reason],
  dedupe: `'offline:' || coalesce(b.conn_id, '-') || ':' || (extract(epoch from now()) * 1000)::bigint`,
});

const markOffline = (reason: OfflineReason) => `
with changed as (
  update device_state s set online = false, online_changed_at = now()
   where s.hwid = $1 and s.online and (s.conn_id = $2 or s.conn_id is null)
  returning s.*
),
${boundAndNotify(offlineLog(reason))}`;
const markOfflineByReason = Object.fromEntries(
  (['lastWill', 'shutdown', 'reboot'] as const).map((reason) => [reason, markOffline(reason)]),
) as Record<Exclude<OfflineReason, 'silent'>, string>;

const markSilent = `
with changed as (
  update device_state s set online = false, online_changed_at = now()
   where s.online and s.last_seen_at < now() - make_interval(secs => $1)
  returning s.*
),
${boundAndNotify(offlineLog('silent'))}`;

/** Returns true when a bound device has just come online. */
export async function storeStatus(pool: pg.Pool, hwid: string, status: StatusMessage): Promise<boolean> {
  if (status.status === 'online') {
    const result = await pool.query(markOnline, [hwid, status.connId, status.kind, status.model, status.firmware]);
    return (result.rowCount ?? 0) > 0;
  }
  // An offline status of an older connection is stale: that connection was already replaced.
  await pool.query(markOfflineByReason[status.reason], [hwid, status.connId]);
  return false;
}

/** One statement, safe to run from every instance at once: each silent device is flipped (and logged) once. */
export async function markSilentDevicesOffline(pool: pg.Pool, afterSeconds: number): Promise<number> {
  const result = await pool.query(markSilent, [afterSeconds]);
  return result.rowCount ?? 0;
}
