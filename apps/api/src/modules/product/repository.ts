import { and, asc, count, desc, eq, getTableColumns, ilike, sql, type SQL } from 'drizzle-orm';
import type { ProductTemplateInput } from '@sbo/contracts';
import type { Executor } from '../../db/client';
import { devices, deviceHardware, deviceState, productTemplates } from '../../db/schema';
import { likePattern } from '../../lib/like-pattern';
import { firstRow, readPage } from '../../lib/query-shapes';
import { visibleDevices } from '../../scope/device-scope-repository';
import type { DeviceScope } from '../../scope/device-scope';
import type { MerchantScope } from '../../scope/merchant-scope';

const deviceCount = sql<number>`(select count(*)::int from devices d where d.product_id = "product_templates"."id")`;
const { merchantId: _merchantId, ...templateColumns } = getTableColumns(productTemplates);
const columns = { ...templateColumns, deviceCount };
export type TemplateRow = NonNullable<Awaited<ReturnType<typeof findTemplate>>>;

export type TemplateFilter = { page: number; pageSize: number; keyword?: string; type?: ProductTemplateInput['type'] };

export async function listTemplates(db: Executor, scope: MerchantScope, filter: TemplateFilter) {
  const conditions: SQL[] = [eq(productTemplates.merchantId, scope.merchantId)];
  if (filter.keyword) conditions.push(ilike(productTemplates.name, likePattern(filter.keyword)));
  if (filter.type) conditions.push(eq(productTemplates.type, filter.type));
  const where = and(...conditions);
  return readPage(
    filter,
    (limit, offset) =>
      db
        .select(columns)
        .from(productTemplates)
        .where(where)
        .orderBy(desc(productTemplates.id))
        .limit(limit)
        .offset(offset),
    db.select({ value: count() }).from(productTemplates).where(where),
  );
}

export function findTemplate(db: Executor, scope: MerchantScope, id: number, lock = false) {
  return firstRow(
    db
      .select(columns)
      .from(productTemplates)
      .where(and(eq(productTemplates.merchantId, scope.merchantId), eq(productTemplates.id, id))),
    lock,
  );
}

/** Optional fields the form left out are stored as null, so an edit can clear them. */
const toColumns = (input: ProductTemplateInput) => ({
  name: input.name,
  type: input.type,
  price: input.price ?? null,
  dryLimit: input.dryLimit ?? null,
  dryPrice: input.dryPrice ?? null,
  spentTime: input.spentTime ?? null,
  courseType: input.courseType ?? null,
  defaultDryTemp: input.defaultDryTemp ?? null,
  unitPrice: input.unitPrice ?? null,
  pulse: input.pulse ?? null,
  defaultPulse: input.defaultPulse ?? null,
  unit: input.unit ?? null,
  additives: input.additives,
  courses: input.courses,
  notifyBeforePayment: input.notifyBeforePayment,
  notifyAfterPayment: input.notifyAfterPayment,
});

export async function insertTemplate(db: Executor, scope: MerchantScope, input: ProductTemplateInput) {
  const [row] = await db
    .insert(productTemplates)
    .values({ ...toColumns(input), merchantId: scope.merchantId })
    .returning({ id: productTemplates.id });
  return row!.id;
}

export async function updateTemplate(db: Executor, scope: MerchantScope, id: number, input: ProductTemplateInput) {
  await db
    .update(productTemplates)
    .set({ ...toColumns(input), revision: sql`${productTemplates.revision} + 1`, updatedAt: sql`now()` })
    .where(and(eq(productTemplates.merchantId, scope.merchantId), eq(productTemplates.id, id)));
}

export async function deleteTemplate(db: Executor, scope: MerchantScope, id: number) {
  await db
    .delete(productTemplates)
    .where(and(eq(productTemplates.merchantId, scope.merchantId), eq(productTemplates.id, id)));
}

/** The devices using a template, among `which`, with their controller and its last known state. */
const devicesUsingTemplate = (db: Executor, templateId: number, which: SQL | undefined) =>
  db
    .select({
      id: devices.id,
      hwid: deviceHardware.hwid,
      online: deviceState.online,
      firmware: deviceState.firmware,
      machineType: devices.machineType,
      model: devices.model,
    })
    .from(devices)
    .leftJoin(deviceHardware, eq(deviceHardware.deviceId, devices.id))
    .leftJoin(deviceState, eq(deviceState.hwid, deviceHardware.hwid))
    .where(and(which, eq(devices.productId, templateId)))
    .orderBy(asc(devices.id));

/** The merchant's devices using a template, with the firmware their controller last announced. */
export const devicesUsing = (db: Executor, scope: MerchantScope, templateId: number) =>
  devicesUsingTemplate(db, templateId, eq(devices.merchantId, scope.merchantId));

/** The machines using a template that this member may command, with what a command needs. */
export const commandableDevicesUsing = (db: Executor, scope: DeviceScope, templateId: number) =>
  devicesUsingTemplate(db, templateId, visibleDevices(scope));
