import { and, desc, eq, gte, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import { transactionStatuses } from '@sbo/contracts/constants';
import type { Executor } from '../../db/client';
import {
  deviceHardware,
  deviceLogs,
  devices,
  deviceState,
  merchants,
  notificationThresholds,
  transactions,
} from '../../db/schema';

// What the anomaly watch reads: machines' last reports and sales, and their usual sales by hour of the week.

/** Sales the anomaly watch counts as activity: every sale but a refunded one. */
const notRefunded = ne(transactions.status, transactionStatuses.refunded);

/** The newest device-log id of the machine among `contentKeys`, or 0. */
const lastLogOf = (db: Executor, contentKeys: string[]) =>
  sql<string>`coalesce(${db
    .select({ id: sql`max(${deviceLogs.id})` })
    .from(deviceLogs)
    .where(and(eq(deviceLogs.deviceId, devices.id), inArray(deviceLogs.contentKey, contentKeys)))}, 0)`;

/**
 * Online, bound machines with their last report, the merchant's thresholds, their last sale since
 * `since`, and the last collection, banknote reset and refill (each level alert is once per fill).
 */
export async function watchedMachines(db: Executor, since: Date) {
  const lastSale = db
    .select({ id: transactions.id, createdAt: transactions.createdAt })
    .from(transactions)
    .where(and(eq(transactions.deviceId, devices.id), gte(transactions.createdAt, since), notRefunded))
    .orderBy(desc(transactions.createdAt))
    .limit(1)
    .as('last');
  return db
    .select({
      device_id: devices.id,
      merchant_id: devices.merchantId,
      place_id: devices.placeId,
      timezone: merchants.timezone,
      values: notificationThresholds.values,
      report: deviceState.report,
      last_sale_at: lastSale.createdAt,
      last_sale_id: lastSale.id,
      cash_reset: lastLogOf(db, [
        'deviceLog.reset.cashBox',
        'deviceLog.reset.coinCount',
        'deviceLog.settlement.cashBox',
      ]),
      notes_reset: lastLogOf(db, ['deviceLog.reset.banknotes']),
      refill: lastLogOf(db, ['deviceLog.refill', 'deviceLog.admin.coinDispenserRefill']),
    })
    .from(devices)
    .innerJoin(merchants, eq(merchants.id, devices.merchantId))
    .innerJoin(deviceHardware, eq(deviceHardware.deviceId, devices.id))
    .innerJoin(deviceState, and(eq(deviceState.hwid, deviceHardware.hwid), eq(deviceState.online, true)))
    .leftJoin(notificationThresholds, eq(notificationThresholds.merchantId, devices.merchantId))
    .leftJoinLateral(lastSale, sql`true`);
}

export type WatchedMachine = Awaited<ReturnType<typeof watchedMachines>>[number];

/** Sales per machine and hour of the week (merchant's clock) in [since, until). */
export async function salesByHourOfWeek(db: Executor, since: Date, until: Date) {
  const local = sql`${transactions.createdAt} at time zone ${merchants.timezone}`;
  const hourOfWeek = sql<number>`((extract(isodow from ${local})::int - 1) * 24 + extract(hour from ${local})::int)`;
  return db
    .select({ device_id: transactions.deviceId, hour_of_week: hourOfWeek, sales: sql<number>`count(*)::int` })
    .from(transactions)
    .innerJoin(merchants, eq(merchants.id, transactions.merchantId))
    .where(
      and(
        gte(transactions.createdAt, since),
        lt(transactions.createdAt, until),
        isNotNull(transactions.deviceId),
        notRefunded,
      ),
    )
    .groupBy(transactions.deviceId, hourOfWeek);
}
