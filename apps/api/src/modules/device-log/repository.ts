import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { logTypes } from '@sbo/contracts';
import type { Executor } from '../../db/client';
import { deviceLogs, devices } from '../../db/schema';
import { readPage } from '../../lib/query-shapes';
import { visibleDevices } from '../../scope/device-scope-repository';
import type { DeviceScope } from '../../scope/device-scope';

type LogFilter = {
  page: number;
  pageSize: number;
  deviceId?: number;
  logType?: (typeof logTypes)[number];
  from: Date;
  until: Date;
};

/** Logs of the devices this member may see, newest first; the device name is the current one. */
export async function listLogs(db: Executor, scope: DeviceScope, filter: LogFilter) {
  const conditions: SQL[] = [
    eq(deviceLogs.merchantId, scope.merchantId),
    visibleDevices(scope),
    gte(deviceLogs.createdAt, filter.from),
    lt(deviceLogs.createdAt, filter.until),
  ];
  if (filter.deviceId !== undefined) conditions.push(eq(deviceLogs.deviceId, filter.deviceId));
  if (filter.logType) conditions.push(eq(deviceLogs.logType, filter.logType));
  const where = and(...conditions);
  return readPage(
    filter,
    (limit, offset) =>
      db
        .select({
          id: deviceLogs.id,
          createdAt: deviceLogs.createdAt,
          deviceId: deviceLogs.deviceId,
          deviceName: devices.name,
          hwid: deviceLogs.hwid,
          logType: deviceLogs.logType,
          operator: deviceLogs.operatorName,
          content: deviceLogs.content,
          contentKey: deviceLogs.contentKey,
          contentParams: deviceLogs.contentParams,
          expectedCoins: deviceLogs.expectedCoins,
          actualCoins: deviceLogs.actualCoins,
          result: deviceLogs.result,
          code: deviceLogs.code,
        })
        .from(deviceLogs)
        .innerJoin(devices, eq(devices.id, deviceLogs.deviceId))
        .where(where)
        .orderBy(desc(deviceLogs.createdAt), desc(deviceLogs.id))
        .limit(limit)
        .offset(offset),
    db.select({ value: count() }).from(deviceLogs).innerJoin(devices, eq(devices.id, deviceLogs.deviceId)).where(where),
  );
}
