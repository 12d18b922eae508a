import { defaultThresholds } from '@sbo/contracts';
import type { Executor } from '../../db/client';
import { createQueueRunner, enqueueJob } from '../../lib/job-queue';
import { queueRunnerGroup, type WatchDeps } from './runner-group';
import { raiseNotification } from './raise';
import { findThresholds } from './settings-repository';
import { findDeviceLog, isOkCardPlace, lastConnectionEvent, stillOfflineSince } from './watch-repository';

const offlineCheckQueue = 'notify.offlineCheck';

/** The merchant's offline grace in minutes (a link that comes back within it raises nothing). */
async function offlineGraceMinutes(db: Executor, merchantId: number): Promise<number> {
  return (await findThresholds(db, merchantId)).offlineGraceMinutes ?? defaultThresholds.offlineGraceMinutes;
}

/**
 * Turns device-log rows into notifications (migration 0020 queues one job per fault or connection
 * change). A fault is raised at once. Going offline only schedules a check after the merchant's grace:
 * the machine is reported offline if it is still offline since then, and back online only after such a
 * report, so a flapping link raises one alert or none.
 */
export function startDeviceWatch(deps: WatchDeps) {
  const { pool, db, clock } = deps;

  const onLog = async (job: { payload: { logId: number } }) => {
    const row = await findDeviceLog(db, job.payload.logId);
    if (!row) return;
    const base = { merchantId: row.merchant_id, deviceId: row.device_id, placeId: row.place_id };
    if (row.content_key === 'deviceLog.error.raised') {
      // A machine at a place that takes the OK card is an OK machine: its faults are the OK machine group's.
      const okMachine = await isOkCardPlace(db, row.merchant_id, row.place_id);
      await raiseNotification(
        db,
        {
          ...base,
          kind: okMachine ? 'okMachineError' : 'deviceError',
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
      const grace = await offlineGraceMinutes(db, row.merchant_id);
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
      const last = await lastConnectionEvent(db, row.device_id);
      if (last?.kind !== 'deviceOffline') return;
      await raiseNotification(
        db,
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
    const device = await stillOfflineSince(db, job.payload.logId);
    if (!device) return;
    const since = new Date(job.payload.since);
    await raiseNotification(
      db,
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

  // Runs everything due now: the scheduler's job in production, tests call it themselves.
  return queueRunnerGroup([
    createQueueRunner({ pool, clock, queue: 'notify.deviceLog', handle: onLog, log: deps.log }),
    createQueueRunner({ pool, clock, queue: offlineCheckQueue, handle: onOfflineCheck, log: deps.log }),
  ]);
}
