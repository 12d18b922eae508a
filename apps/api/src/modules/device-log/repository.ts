import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { commandOutcomes, logTypes } from '@sbo/contracts';
import type { Executor } from '../../db/client';
import { deviceLogs, devices, users } from '../../db/schema';
import { visibleDevices, type DeviceScope } from '../device/repository';

type Params = Record<string, string | number | boolean | null>;

export type OperatorLog = {
  merchantId: number;
  deviceId: number;
  hwid: string | null;
  operatorUserId: number;
  key: string;
  content: string;
  params?: Params;
  commandId?: string;
  result?: (typeof commandOutcomes)[number];
  expectedCoins?: number | null;
  /** remoteControl unless the action belongs elsewhere (a cash-box settlement). */
  logType?: (typeof logTypes)[number];
};

/** A row for something a person did to a device (remote action or admin change); the operator's name is kept. */
export async function insertOperatorLog(db: Executor, log: OperatorLog): Promise<number> {
  const [row] = await db
    .insert(deviceLogs)
    .values({
      merchantId: log.merchantId,
      deviceId: log.deviceId,
      hwid: log.hwid,
      logType: log.logType ?? 'remoteControl',
      contentKey: log.key,
      content: log.content,
      contentParams: log.params ?? {},
      operatorUserId: log.operatorUserId,
      operatorName: sql`(select ${users.nickName} from ${users} where ${users.id} = ${log.operatorUserId})`,
      commandId: log.commandId ?? null,
      result: log.result ?? null,
      expectedCoins: log.expectedCoins ?? null,
    })
    .returning({ id: deviceLogs.id });
  return row!.id;
}

export async function finishOperatorLog(
  db: Executor,
  id: number,
  outcome: { result: (typeof commandOutcomes)[number]; code: number | null },
) {
  await db.update(deviceLogs).set({ result: outcome.result, code: outcome.code }).where(eq(deviceLogs.id, id));
}

export type LogFilter = {
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
  const [rows, [total]] = await Promise.all([
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
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({ value: sql<number>`count(*)::int` })
      .from(deviceLogs)
      .innerJoin(devices, eq(devices.id, deviceLogs.deviceId))
      .where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}
