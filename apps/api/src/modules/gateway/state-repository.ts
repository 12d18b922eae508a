import type pg from 'pg';
import type { StateReport } from '@sbo/contracts/mqtt';
import { liveChannel } from '../../lib/channels';

// The gateway's SQL runs on the raw pool: array parameters (unnest) for batched upserts and one
// round trip per batch matter at fleet scale. Every statement is idempotent, so several api
// instances ingesting the same message (no shared subscription) change nothing twice.

/** A live update for pg_notify, built from a CTE row `b` of device_state columns plus device_id, merchant_id. */
const liveUpdateJson = `json_build_object(
  'merchantId', b.merchant_id, 'deviceId', b.device_id, 'online', b.online,
  'status', case when b.online then coalesce(b.report->>'status', 'online') else 'offline' end,
  'lastSeenAt', b.last_seen_at, 'reportedAt', b.reported_at,
  'stage', coalesce(b.report->>'stage', 'none'), 'dryTemp', coalesce((b.report->>'dryTemp')::int, 0),
  'currentCourse', b.report->>'currentCourse', 'remainingSeconds', (b.report->>'remainingSeconds')::int,
  'errorCode', (b.report->>'errorCode')::int, 'testTime', coalesce((b.report->>'testTime')::int, 0))::text`;

type ConnectionLog = { when: string; key: string; content: string; dedupe: string };

/** Joins changed device_state rows (CTE `changed`) to their cloud device, logs connection changes and notifies. */
export const boundAndNotify = (log: ConnectionLog, notifyWhen = 'true') => `
bound as (
  select c.*, d.id as device_id, d.merchant_id
    from changed c
    join device_hardware h on h.hwid = c.hwid
    join devices d on d.id = h.device_id
),
logged as (
  insert into device_logs (merchant_id, device_id, hwid, log_type, content_key, content, content_params, dedupe_key)
  select b.merchant_id, b.device_id, b.hwid, 'connection', '${log.key}', '${log.content}', '{}'::jsonb, ${log.dedupe}
    from bound b where ${log.when}
  on conflict (hwid, dedupe_key) do nothing
)
select pg_notify('${liveChannel}', ${liveUpdateJson}) from bound b where ${notifyWhen}`;

// A report replaces the stored one only if it is newer: same boot and a higher seq, or another
// boot sent later. A late redelivery therefore never rolls the picture back.
const newer = `(s.report is null
  or (s.boot_id = excluded.boot_id and excluded.seq > s.seq)
  or (s.boot_id is distinct from excluded.boot_id and excluded.reported_at >= s.reported_at))`;
const ifNewer = (column: string, value = `excluded.${column}`) =>
  `${column} = case when ${newer} then ${value} else s.${column} end`;

const upsertStates = `
with incoming as (
  select * from unnest($1::text[], $2::text[], $3::int[], $4::jsonb[], $5::timestamptz[], $6::text[], $7::text[], $8::text[])
    as i(hwid, boot_id, seq, report, reported_at, kind, model, firmware)
),
changed as (
  insert into device_state as s
    (hwid, online, online_changed_at, boot_id, seq, report, reported_at, report_updated_at, kind, model, firmware, last_seen_at)
  select i.hwid, true, now(), i.boot_id, i.seq, i.report, i.reported_at, now(), i.kind, i.model, i.firmware, now()
    from incoming i join device_hardware h on h.hwid = i.hwid
  on conflict (hwid) do update set
    online = true,
    online_changed_at = case when s.online then s.online_changed_at else now() end,
    last_seen_at = now(),
    ${['boot_id', 'seq', 'report', 'reported_at', 'kind', 'model', 'firmware'].map((c) => ifNewer(c)).join(',\n    ')},
    ${ifNewer('report_updated_at', 'now()')}
  returning s.*, s.online_changed_at = now() as came_online, s.report_updated_at = now() as report_changed
),
${boundAndNotify(
  {
    when: 'b.came_online',
    key: 'deviceLog.connection.online',
    content: 'Device connected',
    dedupe: `'online:' || coalesce(b.conn_id, '-') || ':' || (extract(epoch from now()) * 1000)::bigint`,
  },
  'b.came_online or b.report_changed',
)}`;

/** A report and the time it is taken to be from (its `sentAt` within the clock tolerance, else when received). */
export type IncomingState = { hwid: string; report: StateReport; reportedAt: number };

/** Stores the newest report per hardware id in one statement; returns how many live updates went out. */
export async function storeStates(pool: pg.Pool, states: readonly IncomingState[]): Promise<number> {
  const columns = {
    hwid: [],
    bootId: [],
    seq: [],
    report: [],
    reportedAt: [],
    kind: [],
    model: [],
    firmware: [],
  } as Record<string, unknown[]>;
  for (const { hwid, report, reportedAt } of states) {
    columns.hwid!.push(hwid);
    columns.bootId!.push(report.bootId);
    columns.seq!.push(report.seq);
    columns.report!.push(JSON.stringify(report));
    columns.reportedAt!.push(new Date(reportedAt).toISOString());
    columns.kind!.push(report.kind);
    columns.model!.push(report.model);
    columns.firmware!.push(report.firmware);
  }
  const result = await pool.query(upsertStates, Object.values(columns));
  return result.rowCount ?? 0;
}

/** Any message proves a device alive; this keeps an online device from being declared silent. */
export async function touchDevices(pool: pg.Pool, hwids: readonly string[]): Promise<void> {
  await pool.query('update device_state set last_seen_at = now() where hwid = any($1::text[]) and online', [hwids]);
}
