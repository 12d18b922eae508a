import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { refundableStatuses, transactionStatuses, type CheckoutOrderStatus, type PaymentGateway } from '@sbo/contracts';
import type { StateReport } from '@sbo/contracts/mqtt';
import type { Executor } from '../../db/client';
import { insertSale as insertSaleRow, saleOfOrder } from '../../lib/sale-repository';
import type { OrderInfo } from '../../db/money-schema';
import {
  checkoutOrderEvents,
  checkoutOrders,
  deviceHardware,
  devices,
  deviceState,
  merchants,
  placePaymentOptions,
  places,
  productTemplates,
  type CheckoutOrderReason,
} from '../../db/schema';
import { statusIn } from '../../lib/money-sql';
import { firstRow } from '../../lib/query-shapes';
import { visibleDevices } from '../../scope/device-scope-repository';
import type { DeviceScope } from '../../scope/device-scope';

export type CheckoutOrderRow = typeof checkoutOrders.$inferSelect;
type NewOrder = typeof checkoutOrders.$inferInsert;
type Detail = Record<string, string | number | boolean | null>;

/** What selling on a machine needs: the machine, its merchant's mobile payment, template and place's gateways. */
const sellingColumns = {
  id: devices.id,
  merchantId: devices.merchantId,
  name: devices.name,
  machineType: devices.machineType,
  model: devices.model,
  hwid: deviceHardware.hwid,
  mobilePaymentEnabled: merchants.mobilePaymentEnabled,
  currency: merchants.currency,
  config: devices.config,
  courses: productTemplates.courses,
  price: productTemplates.price,
  dryPrice: productTemplates.dryPrice,
  spentTime: productTemplates.spentTime,
  dryLimit: productTemplates.dryLimit,
  unitPrice: productTemplates.unitPrice,
  unit: productTemplates.unit,
  pulse: productTemplates.pulse,
  courseType: productTemplates.courseType,
  gateways: placePaymentOptions.gateways,
};

/** A bound machine as the consumer's checkout needs it: state, place, merchant, template, place's gateways. */
export async function findMachine(db: Executor, by: { hwid: string } | { deviceId: number }) {
  const rows = await db
    .select({
      ...sellingColumns,
      online: deviceState.online,
      report: sql<StateReport | null>`${deviceState.report}`,
      placeId: places.id,
      placeTitle: places.title,
      placeAddress: places.address,
      merchantName: merchants.companyName,
    })
    .from(deviceHardware)
    .innerJoin(devices, eq(devices.id, deviceHardware.deviceId))
    .innerJoin(merchants, eq(merchants.id, devices.merchantId))
    .leftJoin(deviceState, eq(deviceState.hwid, deviceHardware.hwid))
    .leftJoin(places, eq(places.id, devices.placeId))
    .leftJoin(productTemplates, eq(productTemplates.id, devices.productId))
    .leftJoin(placePaymentOptions, eq(placePaymentOptions.placeId, devices.placeId))
    .where('hwid' in by ? eq(deviceHardware.hwid, by.hwid) : eq(devices.id, by.deviceId));
  return rows[0] ?? null;
}
export type CheckoutMachineRow = NonNullable<Awaited<ReturnType<typeof findMachine>>>;

/**
 * The machines at one of the merchant's places that the member may see, bound or not, with what
 * selling over the phone needs (template, place's gateways); null when the place is not the merchant's.
 */
export async function findPlaceMachines(db: Executor, scope: DeviceScope, placeId: number) {
  const [place] = await db
    .select({ id: places.id })
    .from(places)
    .where(and(eq(places.id, placeId), eq(places.merchantId, scope.merchantId)));
  if (!place) return null;
  return db
    .select(sellingColumns)
    .from(devices)
    .innerJoin(merchants, eq(merchants.id, devices.merchantId))
    .leftJoin(deviceHardware, eq(deviceHardware.deviceId, devices.id))
    .leftJoin(productTemplates, eq(productTemplates.id, devices.productId))
    .leftJoin(placePaymentOptions, eq(placePaymentOptions.placeId, devices.placeId))
    .where(and(visibleDevices(scope), eq(devices.placeId, placeId)))
    .orderBy(asc(devices.id));
}

/** A new order; null when the device already has one for this client request (the repeat answers that one). */
export async function insertOrder(
  db: Executor,
  order: NewOrder,
  detail: Detail = {},
): Promise<CheckoutOrderRow | null> {
  const rows = await db.insert(checkoutOrders).values(order).onConflictDoNothing().returning();
  const row = rows[0];
  if (row) {
    await db.insert(checkoutOrderEvents).values({ orderId: row.id, status: row.status, at: row.createdAt, detail });
  }
  return row ?? null;
}

/** What the order bought, as its first step recorded it (`paidStart`'s params); empty for a course of old. */
export async function findOrderPurchase(db: Executor, orderId: number): Promise<Detail> {
  const rows = await db
    .select({ detail: checkoutOrderEvents.detail })
    .from(checkoutOrderEvents)
    .where(and(eq(checkoutOrderEvents.orderId, orderId), eq(checkoutOrderEvents.status, 'created')))
    .orderBy(asc(checkoutOrderEvents.id))
    .limit(1);
  return rows[0]?.detail ?? {};
}

export async function findOrderByRequest(db: Executor, deviceId: number, clientRequestId: string) {
  const rows = await db
    .select()
    .from(checkoutOrders)
    .where(and(eq(checkoutOrders.deviceId, deviceId), eq(checkoutOrders.clientRequestId, clientRequestId)));
  return rows[0] ?? null;
}

export function findOrder(db: Executor, publicId: string, lock = false) {
  return firstRow(db.select().from(checkoutOrders).where(eq(checkoutOrders.publicId, publicId)), lock);
}

/** The order of a sale: the transaction's order id and gateway, within its merchant. */
export async function findOrderOfSale(db: Executor, merchantId: number, payGateway: string, publicId: string) {
  const rows = await db
    .select()
    .from(checkoutOrders)
    .where(
      and(
        eq(checkoutOrders.merchantId, merchantId),
        eq(checkoutOrders.publicId, publicId),
        eq(checkoutOrders.gateway, payGateway as PaymentGateway),
      ),
    );
  return rows[0] ?? null;
}

export async function setPayment(
  db: Executor,
  id: number,
  payment: { providerPaymentId: string | null; redirectUrl: string },
) {
  await db.update(checkoutOrders).set(payment).where(eq(checkoutOrders.id, id));
}

/**
 * Moves an order from one of `from` to `to` with one conditional UPDATE and records the step;
 * false when the order was elsewhere (a concurrent or repeated move), and then nothing changes.
 */
export async function moveOrder(
  db: Executor,
  id: number,
  from: readonly CheckoutOrderStatus[],
  to: CheckoutOrderStatus,
  at: Date,
  change: { reason?: CheckoutOrderReason | null; detail?: Detail } = {},
): Promise<boolean> {
  const moved = await db
    .update(checkoutOrders)
    .set({ status: to, updatedAt: at, ...(change.reason !== undefined ? { reason: change.reason } : {}) })
    .where(and(eq(checkoutOrders.id, id), inArray(checkoutOrders.status, [...from])))
    .returning({ id: checkoutOrders.id });
  if (moved.length === 0) return false;
  await db.insert(checkoutOrderEvents).values({ orderId: id, status: to, at, detail: change.detail ?? {} });
  return true;
}

export function listOrderEvents(db: Executor, id: number) {
  return db
    .select({ status: checkoutOrderEvents.status, at: checkoutOrderEvents.at })
    .from(checkoutOrderEvents)
    .where(eq(checkoutOrderEvents.orderId, id))
    .orderBy(asc(checkoutOrderEvents.id));
}

export async function findDeviceName(db: Executor, deviceId: number) {
  const rows = await db.select({ name: devices.name }).from(devices).where(eq(devices.id, deviceId));
  return rows[0]?.name ?? '';
}

export async function findPlaceTitle(db: Executor, placeId: number | null) {
  if (placeId === null) return null;
  const rows = await db.select({ title: places.title }).from(places).where(eq(places.id, placeId));
  return rows[0]?.title ?? null;
}

/** Where the order's machine is now: its hwid and whether the gateway hears it. */
export async function findOrderDevice(db: Executor, deviceId: number) {
  const rows = await db
    .select({ hwid: deviceHardware.hwid, online: deviceState.online })
    .from(deviceHardware)
    .leftJoin(deviceState, eq(deviceState.hwid, deviceHardware.hwid))
    .where(eq(deviceHardware.deviceId, deviceId));
  return rows[0] ?? null;
}

type Sale = {
  order: CheckoutOrderRow;
  status: number;
  collected: number;
  fee: number;
  postingDays: number | null;
  at: Date;
};

/** What the sale's record says was bought, from the order's purchase. */
function orderInfoOf(order: CheckoutOrderRow, purchase: Detail): OrderInfo {
  if (typeof purchase.selection === 'string') return { selection: purchase.selection };
  if (typeof purchase.minutes === 'number') {
    return purchase.extend === true ? { addDry: purchase.minutes } : { dryTime: purchase.minutes };
  }
  if (typeof purchase.credit === 'number') return {};
  return { course: order.courseCode };
}

/** The order's sale, once: the unique (merchant, gateway, order id) index keeps a repeat out. */
export async function insertSale(db: Executor, sale: Sale): Promise<number | null> {
  const { order } = sale;
  return insertSaleRow(db, {
    ...saleOfOrder(order, sale),
    deviceId: order.deviceId,
    orderInfo: orderInfoOf(order, await findOrderPurchase(db, order.id)),
    promotionId: order.promotionId,
    promotionDiscount: order.normalAmount === null ? 0 : Math.max(order.normalAmount - order.amount, 0),
    oncePerOrder: true,
  });
}

/** The order's sale, locked for a change of status (after the merchant's lock). */
export async function lockSale(db: Executor, order: CheckoutOrderRow) {
  const result = await db.execute<{ id: number; status: number }>(sql`
    select id::int as id, status::int as status from transactions
     where merchant_id = ${order.merchantId} and pay_gateway = ${order.gateway} and order_id = ${order.publicId}
     for no key update`);
  return result.rows[0] ?? null;
}

/** A free cycle (status 90) the machine did not start: marked refunded, with nothing to give back. */
export async function voidFreeSale(db: Executor, saleId: number, at: Date): Promise<void> {
  await db.execute(sql`
    update transactions set status = ${transactionStatuses.refunded}, refunded_at = ${at.toISOString()}
     where id = ${saleId} and status = ${transactionStatuses.freePromotion}`);
}

/** The whole total back, once: only while the money has not left in a withdrawal. */
export async function refundSale(db: Executor, saleId: number, at: Date): Promise<boolean> {
  const result = await db.execute(sql`
    update transactions t set refund = t.total, status = ${transactionStatuses.refunded}, refunded_at = ${at.toISOString()}
     where t.id = ${saleId} and ${statusIn(sql`t.status`, refundableStatuses)} returning t.id`);
  return result.rows.length > 0;
}

/** A paid order of this machine's merchant and device, by its public id: what a sale report must match. */
export async function findConfirmedOrder(db: Executor, hwid: string, publicId: string) {
  const rows = await db
    .select({ publicId: checkoutOrders.publicId, gateway: checkoutOrders.gateway, amount: checkoutOrders.amount })
    .from(checkoutOrders)
    .innerJoin(devices, eq(devices.id, checkoutOrders.deviceId))
    .innerJoin(deviceHardware, eq(deviceHardware.deviceId, devices.id))
    .where(
      and(
        eq(deviceHardware.hwid, hwid),
        eq(checkoutOrders.publicId, publicId),
        eq(checkoutOrders.merchantId, devices.merchantId),
        inArray(checkoutOrders.status, ['paid', 'credited', 'started']),
      ),
    );
  return rows[0] ?? null;
}
