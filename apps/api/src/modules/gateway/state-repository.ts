import { sql, type SQL } from 'drizzle-orm';
import type { StateReport } from '@sbo/contracts/mqtt';
import type { Executor } from '../../db/client';
import { statement } from '../../db/prepared';
import { deviceHardware, deviceLogs, deviceState, devices } from '../../db/schema';
import { liveChannel } from '../../lib/channels';

// The gateway's statements are Drizzle `sql` templates run as named prepared statements
// (`db/prepared.ts`): array parameters (unnest) or one JSON text (the state batch, whose reports are
// JSON already) for batched upserts and one round trip per batch
// matter at fleet scale. Every statement is idempotent, so several api instances ingesting the
// same message (no shared subscription) change nothing twice.

/** A live update for pg_notify, built from a CTE row `b` of device_state columns plus device_id, merchant_id. */
const liveUpdateJson = sql`json_build_object(
  'merchantId', b.merchant_id, 'deviceId', b.device_id, 'online', b.online,
  'status', case when b.online then coalesce(b.report->>'status', 'online') else 'offline' end,
  'lastSeenAt', b.last_seen_at, 'reportedAt', b.reported_at,
  'stage', coalesce(b.report->>'stage', 'none'), 'dryTemp', coalesce((b.report->>'dryTemp')::int, 0),
  'currentCourse', b.report->>'currentCourse', 'remainingSeconds', (b.report->>'remainingSeconds')::int,
  'errorCode', (b.report->>'errorCode')::int, 'testTime', coalesce((b.report->>'testTime')::int, 0))::text`;

type ConnectionLog = { when: SQL; key: string; content: string; dedupe: SQL };

/**
 * CTEs over changed device_state rows (CTE `changed`): `bound` joins them to their cloud device,
 * `logged` logs connection changes, `notified` notifies (a row with `hwid` per notice).
 */
const boundLoggedNotified = (log: ConnectionLog, notifyWhen: SQL) => sql`
bound as (
  select c.*, d.id as device_id, d.merchant_id
    from changed c
    join ${deviceHardware} h on h.hwid = c.hwid
    join ${devices} d on d.id = h.device_id
),
logged as (
  insert into ${deviceLogs} (merchant_id, device_id, hwid, log_type, content_key, content, content_params, dedupe_key)
  select b.merchant_id, b.device_id, b.hwid, 'connection', ${log.key}::text, ${log.content}::text, '{}'::jsonb, ${log.dedupe}
    from bound b where ${log.when}
  on conflict (hwid, dedupe_key) do nothing
),
notified as materialized (
  select pg_notify(${liveChannel}::text, ${liveUpdateJson}), b.hwid from bound b where ${notifyWhen}
)`;

/** Joins changed device_state rows (CTE `changed`) to their cloud device, logs connection changes and notifies; a row (with `hwid`) per notice. */
export const boundAndNotify = (log: ConnectionLog, notifyWhen: SQL = sql`true`) => sql`
${boundLoggedNotified(log, notifyWhen)}
select hwid from notified`;

// A report replaces the stored one only if it is newer: same boot and a higher seq, or another
// boot sent later. A late redelivery therefore never rolls the picture back.
const newer = sql`(s.report is null
  or (s.boot_id = excluded.boot_id and excluded.seq > s.seq)
  or (s.boot_id is distinct from excluded.boot_id and excluded.reported_at >= s.reported_at))`;
const ifNewer = (column: string, value = sql.raw(`excluded.${column}`)) =>
  sql`${sql.raw(column)} = case when ${newer} then ${value} else ${sql.raw(`s.${column}`)} end`;

const param = (name: string) => sql.placeholder(name);

const upsertStates = statement<{ notices: number; skipped: string[] }>(
  'gateway-upsert-states',
  sql`
with incoming as (
  select * from json_to_recordset(${param('batch')}::json)
    as i(hwid text, boot_id text, seq int, report jsonb, reported_at timestamptz, kind text, model text, firmware text,
         comes_online boolean)
),
-- The rows this statement can have now: one another statement holds (another instance's batch of
-- the same machines, a status, the offline sweep) is skipped, not waited for, and comes back to the
-- caller to be written with its next batch.
locked as materialized (
  select s.hwid from ${deviceState} s where s.hwid in (select hwid from incoming) order by s.hwid for update skip locked
),
ready as (
  select i.* from incoming i
   where i.hwid in (select hwid from locked)
      or not exists (select 1 from ${deviceState} s where s.hwid = i.hwid)
),
changed as (
  insert into ${deviceState} as s
    (hwid, online, online_changed_at, boot_id, seq, report, reported_at, report_updated_at, kind, model, firmware, last_seen_at)
  select i.hwid, i.comes_online, now(), i.boot_id, i.seq, i.report, i.reported_at, now(), i.kind, i.model, i.firmware, now()
    from ready i join ${deviceHardware} h on h.hwid = i.hwid
   order by i.hwid
  on conflict (hwid) do update set
    -- A report received before the device's offline status (excluded.online false) is stored, but
    -- does not bring the device back online, nor count as a sign of life.
    online = s.online or excluded.online,
    online_changed_at = case when s.online or not excluded.online then s.online_changed_at else now() end,
    last_seen_at = case when s.online or excluded.online then now() else s.last_seen_at end,
    ${sql.join(
      ['boot_id', 'seq', 'report', 'reported_at', 'kind', 'model', 'firmware'].map((c) => ifNewer(c)),
      sql`,\n    `,
    )},
    ${ifNewer('report_updated_at', sql`now()`)}
  returning s.*, s.online_changed_at = now() as came_online, s.report_updated_at = now() as report_changed
),
${boundLoggedNotified(
  {
    when: sql`b.came_online`,
    key: 'deviceLog.connection.online',
    content: 'Device connected',
    dedupe: sql`'online:' || coalesce(b.conn_id, '-') || ':' || (extract(epoch from now()) * 1000)::bigint`,
  },
  sql`b.came_online or b.report_changed`,
)}
select (select count(*) from notified)::int as notices,
       array(select i.hwid from incoming i where i.hwid not in (select hwid from ready)) as skipped`,
);

/** Rows in hardware id order: every batched write of device_state locks its rows in this order. */
export const byHwid = (a: { hwid: string }, b: { hwid: string }): number =>
  a.hwid < b.hwid ? -1 : a.hwid > b.hwid ? 1 : 0;

/**
 * A report and the time it is taken to be from (its `sentAt` within the clock tolerance, else when
 * received). `comesOnline: false`: received before the device's offline status (a report a batch handed
 * back, written after the status): stored without bringing the device back online.
 */
export type IncomingState = { hwid: string; report: StateReport; reportedAt: number; comesOnline?: boolean };

/**
 * Stores the newest report per hardware id in one statement, without waiting on rows another
 * statement holds: answers how many live updates went out, and the reports skipped for that (to be
 * written with the next batch).
 */
export async function storeStates<T extends IncomingState>(
  db: Executor,
  states: readonly T[],
): Promise<{ notices: number; skipped: T[] }> {
  // In hardware id order, as the online batches lock theirs: two statements never wait on each other in a circle.
  const sorted = [...states].sort(byHwid);
  // One JSON text for the whole batch (one native JSON.stringify), not eight array parameters: pg
  // escapes each array element in JavaScript, which took 113 ms of the api's thread for a batch of
  // 3,700 reports against 17 ms this way (docs/performance.md, "Seventh round").
  const batch = JSON.stringify(
    sorted.map(({ hwid, report, reportedAt, comesOnline }) => ({
      hwid,
      boot_id: report.bootId,
      seq: report.seq,
      report,
      reported_at: new Date(reportedAt).toISOString(),
      kind: report.kind,
      model: report.model,
      firmware: report.firmware,
      comes_online: comesOnline !== false,
    })),
  );
  const [row] = await upsertStates(db, { batch });
  if (!row || row.skipped.length === 0) return { notices: row?.notices ?? 0, skipped: [] };
  const skipped = new Set(row.skipped);
  return { notices: row.notices, skipped: sorted.filter((state) => skipped.has(state.hwid)) };
}

const touch = statement<unknown>(
  'gateway-touch-devices',
  sql`update ${deviceState} set last_seen_at = now() where hwid = any(${param('hwids')}::text[]) and online`,
);

/** Any message proves a device alive; this keeps an online device from being declared silent. */
export async function touchDevices(db: Executor, hwids: readonly string[]): Promise<void> {
  await touch(db, { hwids });
}
