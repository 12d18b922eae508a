import { and, desc, eq, inArray, lte, not, sql } from 'drizzle-orm';
import { transactionStatuses } from '@sbo/contracts/constants';
import type { Executor } from '../../db/client';
import {
  cardSettings,
  checkoutOrders,
  deviceHardware,
  deviceLogs,
  devices,
  deviceState,
  notificationEvents,
  transactions,
} from '../../db/schema';

// What the device and sales watches read to decide what to raise (docs/notifications.md).

/** A device-log row the device watch turns into a notification, with the machine's place. */
export async function findDeviceLog(db: Executor, logId: number) {
  const rows = await db
    .select({
      id: deviceLogs.id,
      merchant_id: devices.merchantId,
      device_id: devices.id,
      place_id: devices.placeId,
      content_key: deviceLogs.contentKey,
      code: deviceLogs.code,
      content_params: deviceLogs.contentParams,
      created_at: deviceLogs.createdAt,
    })
    .from(deviceLogs)
    .innerJoin(devices, and(eq(devices.id, deviceLogs.deviceId), eq(devices.merchantId, deviceLogs.merchantId)))
    .where(eq(deviceLogs.id, logId));
  return rows[0] ?? null;
}

/** Whether the place takes the merchant's OK card: its machines are OK machines. */
export async function isOkCardPlace(db: Executor, merchantId: number, placeId: number | null): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(cardSettings)
    .where(
      and(
        eq(cardSettings.merchantId, merchantId),
        eq(cardSettings.program, 'ok'),
        sql`${cardSettings.placeIds} @> jsonb_build_array(${placeId}::int)`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The machine's last connection alert (offline or back online), if any. */
export async function lastConnectionEvent(db: Executor, deviceId: number) {
  const rows = await db
    .select({ id: notificationEvents.id, kind: notificationEvents.kind, occurred_at: notificationEvents.occurredAt })
    .from(notificationEvents)
    .where(
      and(
        eq(notificationEvents.deviceId, deviceId),
        inArray(notificationEvents.kind, ['deviceOffline', 'deviceOnline']),
      ),
    )
    .orderBy(desc(notificationEvents.occurredAt), desc(notificationEvents.id))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The machine of an offline log, if it is still offline and was not back in between (a flip online
 * and off again moves `online_changed_at`).
 */
export async function stillOfflineSince(db: Executor, logId: number) {
  const rows = await db
    .select({ merchant_id: devices.merchantId, place_id: devices.placeId })
    .from(deviceLogs)
    .innerJoin(devices, eq(devices.id, deviceLogs.deviceId))
    .innerJoin(deviceHardware, eq(deviceHardware.deviceId, devices.id))
    .innerJoin(deviceState, eq(deviceState.hwid, deviceHardware.hwid))
    .where(
      and(eq(deviceLogs.id, logId), not(deviceState.online), lte(deviceState.onlineChangedAt, deviceLogs.createdAt)),
    );
  return rows[0] ?? null;
}

/** A checkout order given back, with the sale it made (if any). */
export async function findRefundedOrder(db: Executor, orderId: number) {
  const sale = db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.merchantId, checkoutOrders.merchantId),
        eq(transactions.payGateway, checkoutOrders.gateway),
        eq(transactions.orderId, checkoutOrders.publicId),
      ),
    )
    .limit(1);
  const rows = await db
    .select({
      public_id: checkoutOrders.publicId,
      merchant_id: checkoutOrders.merchantId,
      device_id: checkoutOrders.deviceId,
      place_id: checkoutOrders.placeId,
      amount: checkoutOrders.amount,
      currency: checkoutOrders.currency,
      gateway: checkoutOrders.gateway,
      course_name: checkoutOrders.courseName,
      reason: checkoutOrders.reason,
      updated_at: checkoutOrders.updatedAt,
      sale_id: sql<number | null>`(${sale})`.mapWith(Number),
    })
    .from(checkoutOrders)
    .where(and(eq(checkoutOrders.id, orderId), eq(checkoutOrders.status, 'refunded')));
  return rows[0] ?? null;
}

/** A sale a machine reported that no payment confirms. */
export async function findUnverifiedSale(db: Executor, saleId: number) {
  const rows = await db
    .select({
      merchant_id: transactions.merchantId,
      device_id: transactions.deviceId,
      place_id: transactions.placeId,
      total: transactions.total,
      pay_gateway: transactions.payGateway,
      created_at: transactions.createdAt,
    })
    .from(transactions)
    .where(and(eq(transactions.id, saleId), eq(transactions.status, transactionStatuses.unverified)));
  return rows[0] ?? null;
}

/** The machine a controller is bound to. */
export async function deviceOfHardware(db: Executor, hwid: string) {
  const rows = await db
    .select({ id: devices.id, merchant_id: devices.merchantId, place_id: devices.placeId })
    .from(deviceHardware)
    .innerJoin(devices, eq(devices.id, deviceHardware.deviceId))
    .where(eq(deviceHardware.hwid, hwid));
  return rows[0] ?? null;
}
