import { and, asc, count, desc, eq, ilike, isNotNull, isNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deviceHardware, devices, deviceState, merchantMembers, merchants } from '../../db/schema';
import { hardwareChannel } from '../../lib/channels';
import { likePattern } from '../../lib/like-pattern';
import { firstRow, readPage } from '../../lib/query-shapes';
import { visibleDevices } from '../../scope/device-scope-repository';
import type { DeviceScope } from '../../scope/device-scope';

/** A controller with the merchant whose device it drives, if bound (one of the merchants that may claim it). */
export async function findHardware(db: Executor, hwid: string, lock = false) {
  const query = db
    .select({
      hwid: deviceHardware.hwid,
      model: deviceHardware.model,
      deviceId: deviceHardware.deviceId,
      merchantId: deviceHardware.merchantId,
      claimCodeHash: deviceHardware.claimCodeHash,
      boundMerchantId: devices.merchantId,
    })
    .from(deviceHardware)
    .leftJoin(devices, eq(devices.id, deviceHardware.deviceId))
    .where(eq(deviceHardware.hwid, hwid));
  const rows = lock ? await query.for('update', { of: deviceHardware }) : await query;
  return rows[0] ?? null;
}

/** The merchants the user is a member of: those whose hardware they may look up. */
export async function merchantIdsOfUser(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .select({ merchantId: merchantMembers.merchantId })
    .from(merchantMembers)
    .where(eq(merchantMembers.userId, userId));
  return rows.map((r) => r.merchantId);
}

const cloudColumns = {
  id: devices.id,
  name: devices.name,
  serialNum: devices.serialNum,
  model: devices.model,
  machineType: devices.machineType,
};

/** A cloud device by id whatever its merchant: only to show "already bound" on the binding screen. */
export function findCloudDevice(db: Executor, id: number) {
  return firstRow(db.select(cloudColumns).from(devices).where(eq(devices.id, id)));
}

/** The member's devices no hardware is bound to, of the hardware's model. */
export function listBindable(db: Executor, scope: DeviceScope, model: string) {
  return db
    .select(cloudColumns)
    .from(devices)
    .where(
      and(
        visibleDevices(scope),
        eq(devices.model, model),
        notExists(
          db
            .select({ one: sql`1` })
            .from(deviceHardware)
            .where(eq(deviceHardware.deviceId, devices.id)),
        ),
      ),
    )
    .orderBy(asc(devices.id));
}

export function findVisibleDevice(db: Executor, scope: DeviceScope, id: number, lock = false) {
  return firstRow(
    db
      .select(cloudColumns)
      .from(devices)
      .where(and(visibleDevices(scope), eq(devices.id, id))),
    lock,
  );
}

export async function hardwareOfDevice(db: Executor, deviceId: number) {
  const rows = await db
    .select({ hwid: deviceHardware.hwid })
    .from(deviceHardware)
    .where(eq(deviceHardware.deviceId, deviceId));
  return rows[0]?.hwid ?? null;
}

/** Binding makes the hardware the merchant's and spends its claim code. */
export async function bindHardware(db: Executor, hwid: string, deviceId: number, merchantId: number) {
  const [row] = await db
    .update(deviceHardware)
    .set({ deviceId, boundAt: sql`now()`, merchantId, claimCodeHash: null })
    .where(and(eq(deviceHardware.hwid, hwid), isNull(deviceHardware.deviceId)))
    .returning({ boundAt: deviceHardware.boundAt });
  return row?.boundAt ?? null;
}

export async function insertHardware(
  db: Executor,
  values: {
    hwid: string;
    model: string;
    secretHash: string;
    brokerHash: string;
    merchantId: number;
    claimCodeHash: string;
  },
): Promise<boolean> {
  const rows = await db
    .insert(deviceHardware)
    .values(values)
    .onConflictDoNothing()
    .returning({ hwid: deviceHardware.hwid });
  return rows.length > 0;
}

export async function updateSecret(db: Executor, hwid: string, hashes: { secretHash: string; brokerHash: string }) {
  const rows = await db
    .update(deviceHardware)
    .set(hashes)
    .where(eq(deviceHardware.hwid, hwid))
    .returning({ hwid: deviceHardware.hwid });
  return rows.length > 0;
}

export type HardwareFilter = { page: number; pageSize: number; keyword?: string; bound?: 'true' | 'false' };

/** Every registered controller, for service agents. */
export async function listHardware(db: Executor, filter: HardwareFilter) {
  const conditions: SQL[] = [];
  if (filter.keyword) {
    const like = likePattern(filter.keyword);
    conditions.push(
      or(ilike(deviceHardware.hwid, like), ilike(devices.name, like), ilike(merchants.companyName, like))!,
    );
  }
  if (filter.bound === 'true') conditions.push(isNotNull(deviceHardware.deviceId));
  if (filter.bound === 'false') conditions.push(isNull(deviceHardware.deviceId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const base = () =>
    db
      .select({
        hwid: deviceHardware.hwid,
        model: deviceHardware.model,
        createdAt: deviceHardware.createdAt,
        deviceId: devices.id,
        deviceName: devices.name,
        merchantId: merchants.id,
        companyName: merchants.companyName,
        online: deviceState.online,
        lastSeenAt: deviceState.lastSeenAt,
      })
      .from(deviceHardware)
      .leftJoin(devices, eq(devices.id, deviceHardware.deviceId))
      .leftJoin(merchants, eq(merchants.id, devices.merchantId))
      .leftJoin(deviceState, eq(deviceState.hwid, deviceHardware.hwid));
  return readPage(
    filter,
    (limit, offset) =>
      base().where(where).orderBy(desc(deviceHardware.createdAt), asc(deviceHardware.hwid)).limit(limit).offset(offset),
    db
      .select({ value: count() })
      .from(deviceHardware)
      .leftJoin(devices, eq(devices.id, deviceHardware.deviceId))
      .leftJoin(merchants, eq(merchants.id, devices.merchantId))
      .where(where),
  );
}

export async function insertCloudDevice(
  db: Executor,
  values: {
    merchantId: number;
    name: string;
    serialNum: string;
    machineType: number;
    model: string;
    placeId: number | null;
  },
) {
  const [row] = await db.insert(devices).values(values).returning({ id: devices.id });
  return row!.id;
}

/** Whether the user is a member of the merchant that owns the device. */
export async function isMemberOfDeviceMerchant(db: Executor, userId: number, deviceId: number): Promise<boolean> {
  const member = await db
    .select({ id: merchantMembers.id })
    .from(merchantMembers)
    .innerJoin(devices, eq(devices.merchantId, merchantMembers.merchantId))
    .where(and(eq(devices.id, deviceId), eq(merchantMembers.userId, userId)));
  return member.length > 0;
}

/** Tells every api instance that hardware was registered or re-keyed (Mosquitto's password file). */
export async function announceHardware(db: Executor, hwid: string) {
  await db.execute(sql`select pg_notify(${hardwareChannel}, ${hwid})`);
}
