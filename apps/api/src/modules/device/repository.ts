import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { deviceStatuses } from '@sbo/contracts';
import type { Executor } from '../../db/client';
import { deviceHardware, devices, deviceState, places, productTemplates } from '../../db/schema';
import type { MerchantScope } from '../../scope/merchant-scope';
import { likePattern } from '../../lib/like-pattern';
import { countedAsMoney, revenueSql } from '../../lib/money-sql';
import { visibleDevices } from '../../scope/device-scope-repository';
import type { DeviceScope } from '../../scope/device-scope';

const columns = {
  id: devices.id,
  merchantId: devices.merchantId,
  name: devices.name,
  serialNum: devices.serialNum,
  machineType: devices.machineType,
  model: devices.model,
  paymentProduct: devices.paymentProduct,
  config: devices.config,
  createdAt: devices.createdAt,
  placeId: devices.placeId,
  placeTitle: places.title,
  productId: devices.productId,
  productName: productTemplates.name,
  productRevision: productTemplates.revision,
  hwid: deviceHardware.hwid,
  online: deviceState.online,
  lastSeenAt: deviceState.lastSeenAt,
  report: deviceState.report,
  reportedAt: deviceState.reportedAt,
  firmware: deviceState.firmware,
};
export type DeviceRow = NonNullable<Awaited<ReturnType<typeof findDevice>>>;

const selectDevices = <Extra extends Record<string, SQL> = Record<never, never>>(db: Executor, extra?: Extra) =>
  db
    .select({ ...columns, ...(extra as Extra) })
    .from(devices)
    .leftJoin(places, eq(places.id, devices.placeId))
    .leftJoin(productTemplates, eq(productTemplates.id, devices.productId))
    .leftJoin(deviceHardware, eq(deviceHardware.deviceId, devices.id))
    .leftJoin(deviceState, eq(deviceState.hwid, deviceHardware.hwid));

export type DeviceFilter = {
  page: number;
  pageSize: number;
  placeId?: number;
  productId?: number;
  /** Machines bound to this promotion (the promotion's "its machines" link). */
  promotionId?: number;
  machineType?: number;
  status?: (typeof deviceStatuses)[number];
  keyword?: string;
};

/** Which conditions a device list has: each shape is one named prepared statement. */
function listShape(scope: DeviceScope, filter: DeviceFilter) {
  const status = filter.status;
  return {
    member: scope.memberId !== null,
    placeId: filter.placeId !== undefined,
    productId: filter.productId !== undefined,
    promotionId: filter.promotionId !== undefined,
    machineType: filter.machineType !== undefined && filter.machineType !== -1,
    status:
      status === undefined || status === 'offline' || status === 'online' || status === 'unknown' ? status : 'reported',
    keyword: Boolean(filter.keyword),
  } as const;
}
type ListShape = ReturnType<typeof listShape>;
const value = (name: string) => sql.placeholder(name);

function listConditions(shape: ListShape): SQL {
  const conditions: SQL[] = [
    visibleDevices({ merchantId: value('merchantId'), memberId: shape.member ? value('memberId') : null }),
  ];
  if (shape.placeId) conditions.push(eq(devices.placeId, value('placeId')));
  if (shape.productId) conditions.push(eq(devices.productId, value('productId')));
  if (shape.promotionId)
    conditions.push(
      sql`${devices.id} in (select pd.device_id from promotion_devices pd where pd.merchant_id = ${value('merchantId')} and pd.promotion_id = ${value('promotionId')})`,
    );
  if (shape.machineType) conditions.push(eq(devices.machineType, value('machineType')));
  if (shape.status === 'offline') conditions.push(sql`coalesce(${deviceState.online}, false) = false`);
  if (shape.status === 'online') conditions.push(sql`${deviceState.online} = true`);
  if (shape.status === 'unknown') conditions.push(sql`false`);
  if (shape.status === 'reported') {
    conditions.push(sql`${deviceState.online} = true and ${deviceState.report}->>'status' = ${value('status')}`);
  }
  if (shape.keyword) {
    const like = value('like');
    conditions.push(or(ilike(devices.name, like), ilike(devices.serialNum, like), ilike(deviceHardware.hwid, like))!);
  }
  return and(...conditions)!;
}

const listName = (shape: ListShape) =>
  `device_list_${shape.member ? 'm' : ''}${shape.placeId ? 'p' : ''}${shape.productId ? 'r' : ''}${shape.promotionId ? 'x' : ''}${shape.machineType ? 't' : ''}${shape.status ?? ''}${shape.keyword ? 'k' : ''}`;

// Built once per database handle and shape, prepared once per connection by PostgreSQL.
const pageQueries = new WeakMap<Executor, Map<string, ReturnType<typeof preparePage>>>();
function preparePage(db: Executor, shape: ListShape) {
  return selectDevices(db, { total: sql<number>`(count(*) over ())::int` })
    .where(listConditions(shape))
    .orderBy(asc(devices.id))
    .limit(value('limit'))
    .offset(value('offset'))
    .prepare(listName(shape));
}
function pageQuery(db: Executor, shape: ListShape) {
  let byShape = pageQueries.get(db);
  if (!byShape) pageQueries.set(db, (byShape = new Map()));
  const name = listName(shape);
  let query = byShape.get(name);
  if (!query) byShape.set(name, (query = preparePage(db, shape)));
  return query;
}

export async function listDevices(db: Executor, scope: DeviceScope, filter: DeviceFilter) {
  const shape = listShape(scope, filter);
  const values = {
    merchantId: scope.merchantId,
    memberId: scope.memberId,
    placeId: filter.placeId,
    productId: filter.productId,
    promotionId: filter.promotionId,
    machineType: filter.machineType,
    status: filter.status,
    like: filter.keyword ? likePattern(filter.keyword) : undefined,
    limit: filter.pageSize,
    offset: (filter.page - 1) * filter.pageSize,
  };
  // One query answers the page and the count of all matches (a window count): a page past the
  // end has no row to carry it, and only then is the count asked for on its own.
  const found = await pageQuery(db, shape).execute(values);
  const rows = found.map(({ total: _total, ...row }) => row);
  if (found.length > 0) return { rows, total: found[0]!.total };
  if (filter.page === 1) return { rows, total: 0 };
  const [total] = await db
    .select({ value: count() })
    .from(devices)
    .leftJoin(deviceHardware, eq(deviceHardware.deviceId, devices.id))
    .leftJoin(deviceState, eq(deviceState.hwid, deviceHardware.hwid))
    .where(listConditions(shape))
    .prepare(`${listName(shape)}_count`)
    .execute(values);
  return { rows, total: total?.value ?? 0 };
}

/** The member's devices among `ids` (others' and unknown ids are simply absent). */
export async function findDevices(db: Executor, scope: DeviceScope, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return selectDevices(db)
    .where(and(visibleDevices(scope), inArray(devices.id, [...ids])))
    .orderBy(asc(devices.id));
}

export async function findDevice(db: Executor, scope: DeviceScope, id: number, lock = false) {
  const query = selectDevices(db).where(and(visibleDevices(scope), eq(devices.id, id)));
  const rows = lock ? await query.for('update', { of: devices }) : await query;
  return rows[0] ?? null;
}

/**
 * A device's revenue: its sales less refunds, by the one rule the statistics use (`revenueSql`),
 * so the device screen and the statistics agree. Test sales never become transactions;
 * unverified ones are not money.
 */
export async function revenueOf(db: Executor, scope: MerchantScope, deviceId: number): Promise<number> {
  const result = await db.execute<{ revenue: string }>(sql`
    select ${revenueSql()}::bigint as revenue from transactions t
     where t.merchant_id = ${scope.merchantId} and t.device_id = ${deviceId} and ${countedAsMoney()}`);
  return Number(result.rows[0]?.revenue ?? 0);
}

export async function placeExists(db: Executor, scope: MerchantScope, placeId: number): Promise<boolean> {
  const rows = await db
    .select({ id: places.id })
    .from(places)
    .where(and(eq(places.merchantId, scope.merchantId), eq(places.id, placeId)));
  return rows.length > 0;
}

export async function updateDevice(
  db: Executor,
  scope: MerchantScope,
  id: number,
  values: Partial<Pick<typeof devices.$inferInsert, 'name' | 'placeId' | 'productId' | 'paymentProduct' | 'config'>>,
) {
  await db
    .update(devices)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(devices.merchantId, scope.merchantId), eq(devices.id, id)));
}
