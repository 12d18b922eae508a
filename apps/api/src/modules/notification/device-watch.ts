import type pg from 'pg';
import { defaultThresholds } from '@sbo/contracts';
import type { Clock } from '../../lib/clock';
import { createQueueRunner, enqueueJob } from '../../lib/job-queue';
import { raiseNotification } from './raise';

type Log = { warn(object: object, message: string): void; error(object: object, message: string): void };

type LogRow = {
  id: string;
  merchant_id: number;
  device_id: number;
  place_id: number | null;
  content_key: string;
  code: number | null;
  content_params: Record<string, string | number | boolean | null>;
  created_at: Date;
};

export const offlineCheckQueue = 'notify.offlineCheck';

const readLog = `
select l.id, l.merchant_id, l.device_id, d.place_id, l.content_key, l.code, l.content_params, l.created_at
  from device_logs l join devices d on d.id = l.device_id and d.merchant_id = l.merchant_id
 where l.id = $1`;

/** The merchant's offline grace in minutes (a link that comes back within it raises nothing). */
async function offlineGraceMinutes(pool: pg.Pool, merchantId: number): Promise<number> {
  const result = await pool.query<{ grace: number | null }>(
    `select (values ->> 'offlineGraceMinutes')::float as grace from notification_thresholds where merchant_id = $1`,
    [merchantId],
  );
  return result.rows[0]?.grace ?? defaultThresholds.offlineGraceMinutes;
}

/**
 * Turns device-log rows into notifications (migration 0020 queues one job per fault or connection
 * change). A fault is raised at once. Going offline only schedules a check after the merchant's grace:
 * the machine is reported offline if it is still offline since then, and back online only after such a
 * report, so a flapping link raises one alert or none.
 */
export function startDeviceWatch(deps: { pool: pg.Pool; clock: Clock; log?: Log }) {
  const { pool, clock } = deps;

  const onLog = async (job: { payload: { logId: number } }) => {
    const row = (await pool.query<LogRow>(readLog, [job.payload.logId])).rows[0];
    if (!row) return;
    const base = { merchantId: row.merchant_id, deviceId: row.device_id, placeId: row.place_id };
    if (row.content_key === 'deviceLog.error.raised') {
      // A machine at a place that takes the OK card is an OK machine: its faults are the OK machine group's.
      const okMachine = await pool.query<{ ok: boolean }>(
        `select exists (select 1 from card_settings cs where cs.merchant_id = $1 and cs.program = 'ok'
                          and cs.place_ids @> jsonb_build_array($2::int)) as ok`,
        [row.merchant_id, row.place_id],
      );
      await raiseNotification(
        pool,
        {
          ...base,
          kind: okMachine.rows[0]?.ok ? 'okMachineError' : 'deviceError',
          code: row.code,
          params: { code: row.code, detail: row.content_params.detail ?? null },
          dedupeKey: `log:${row.id}`,
          occurredAt: row.created_at,
        },
        clock.now(),
      );
      return;
    }
    if (row.content_key.startsWith('deviceLog.connection.offline')) {
      const grace = await offlineGraceMinutes(pool, row.merchant_id);
      await enqueueJob(
        pool,
        offlineCheckQueue,
        { deviceId: row.device_id, since: row.created_at.toISOString(), logId: Number(row.id) },
        { runAt: new Date(row.created_at.getTime() + grace * 60_000), dedupeKey: String(row.id) },
      );
      return;
    }
    if (row.content_key === 'deviceLog.connection.online') {
      // Back online is news only after an offline alert that no back-online has answered yet.
      const last = (
        await pool.query<{ id: string; kind: string; occurred_at: Date }>(
          `select id, kind, occurred_at from notification_events
            where device_id = $1 and kind in ('deviceOffline', 'deviceOnline')
            order by occurred_at desc, id desc limit 1`,
          [row.device_id],
        )
      ).rows[0];
      if (last?.kind !== 'deviceOffline') return;
      await raiseNotification(
        pool,
        {
          ...base,
          kind: 'deviceOnline',
          params: { offlineSince: last.occurred_at.toISOString() },
          dedupeKey: `online:${last.id}`,
          occurredAt: row.created_at,
        },
        clock.now(),
      );
    }
  };

  const onOfflineCheck = async (job: { payload: { deviceId: number; since: string; logId: number } }) => {
    // Still offline, and not back in between: a flip online and off again moves online_changed_at.
    const state = await pool.query<{ merchant_id: number; place_id: number | null }>(
      `select d.merchant_id, d.place_id
         from device_logs l
         join devices d on d.id = l.device_id
         join device_hardware h on h.device_id = d.id
         join device_state s on s.hwid = h.hwid
        where l.id = $1 and not s.online and s.online_changed_at <= l.created_at`,
      [job.payload.logId],
    );
    const device = state.rows[0];
    if (!device) return;
    const since = new Date(job.payload.since);
    await raiseNotification(
      pool,
      {
        merchantId: device.merchant_id,
        deviceId: job.payload.deviceId,
        placeId: device.place_id,
        kind: 'deviceOffline',
        params: { since: job.payload.since },
        dedupeKey: `offline:${job.payload.logId}`,
        occurredAt: since,
      },
      clock.now(),
    );
  };

  const logs = createQueueRunner({ pool, clock, queue: 'notify.deviceLog', handle: onLog, log: deps.log });
  const checks = createQueueRunner({ pool, clock, queue: offlineCheckQueue, handle: onOfflineCheck, log: deps.log });
  return {
    /** Runs everything due now (tests call it; the timers call it in production). */
    async runDue() {
      const ran = await logs.runDue();
      return ran + (await checks.runDue());
    },
    start(seconds: number) {
      logs.start(seconds);
      checks.start(seconds);
    },
    async stop() {
      await Promise.all([logs.stop(), checks.stop()]);
    },
  };
}
