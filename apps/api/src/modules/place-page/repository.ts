import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deviceHardware, deviceState, devices, machineDoneAlerts, places } from '../../db/schema';
import type { MerchantScope } from '../../scope/merchant-scope';

// A place's public page reads machines by the place's public key only; the owner's switch is scoped by merchant.

export async function findPublicPageOf(db: Executor, scope: MerchantScope, id: number, lock = false) {
  const query = db
    .select({ id: places.id, enabled: places.publicPage, key: places.publicKey })
    .from(places)
    .where(and(eq(places.merchantId, scope.merchantId), eq(places.id, id)));
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export async function setPublicPage(db: Executor, scope: MerchantScope, id: number, enabled: boolean, at: Date) {
  await db
    .update(places)
    .set({ publicPage: enabled, updatedAt: at })
    .where(and(eq(places.merchantId, scope.merchantId), eq(places.id, id)));
}

/** The place behind a public key, only while its page is on. */
export async function findOpenPlace(db: Executor, key: string) {
  const [row] = await db
    .select({ id: places.id, merchantId: places.merchantId, title: places.title, address: places.address })
    .from(places)
    .where(and(eq(places.publicKey, key), eq(places.publicPage, true)));
  return row ?? null;
}

/** The place's machines with what their controller last reported (none when unbound). */
export function machinesAt(db: Executor, placeId: number) {
  return db
    .select({
      id: devices.id,
      name: devices.name,
      machineType: devices.machineType,
      online: deviceState.online,
      report: deviceState.report,
      reportedAt: deviceState.reportedAt,
    })
    .from(devices)
    .leftJoin(deviceHardware, eq(deviceHardware.deviceId, devices.id))
    .leftJoin(deviceState, eq(deviceState.hwid, deviceHardware.hwid))
    .where(eq(devices.placeId, placeId))
    .orderBy(asc(devices.name), asc(devices.id));
}

export type PlaceMachineRow = Awaited<ReturnType<typeof machinesAt>>[number];

/** Holds the machine's row until the transaction ends, so its askers count one after another. */
export async function lockMachine(db: Executor, deviceId: number): Promise<void> {
  await db.select({ id: devices.id }).from(devices).where(eq(devices.id, deviceId)).for('update');
}

export async function pendingAlertCount(db: Executor, deviceId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(machineDoneAlerts)
    .where(eq(machineDoneAlerts.deviceId, deviceId));
  return row?.value ?? 0;
}

/** Machines with alerts waiting for their cycle to end (not a retry's later time). */
export async function machinesAwaitingEnd(db: Executor): Promise<number[]> {
  const rows = await db
    .selectDistinct({ deviceId: machineDoneAlerts.deviceId })
    .from(machineDoneAlerts)
    .where(isNull(machineDoneAlerts.retryAt));
  return rows.map((row) => row.deviceId);
}

export type NewDoneAlert = { deviceId: number; endpoint: string; p256dh: string; auth: string; language: string };

/** One alert per browser and machine: asking again replaces the keys and language (and a retry still pending). */
export async function upsertAlert(db: Executor, alert: NewDoneAlert): Promise<void> {
  await db
    .insert(machineDoneAlerts)
    .values(alert)
    .onConflictDoUpdate({
      target: [machineDoneAlerts.deviceId, machineDoneAlerts.endpoint],
      set: { p256dh: alert.p256dh, auth: alert.auth, language: alert.language, attempts: 0, retryAt: null },
    });
}

export type DueAlert = NewDoneAlert & {
  id: number;
  createdAt: Date;
  attempts: number;
  machineName: string;
  placeTitle: string;
  placeKey: string;
};

/**
 * Takes (deletes and answers) the alerts due now: those of machines whose cycle has ended (the controller
 * reports done or standby), and those whose retry time has come, whatever the machine does since. The
 * delete is the claim, so an alert is sent once even with several instances sweeping. Alerts older than
 * `staleBefore` are dropped unsent (a machine that never reported the end).
 */
export async function takeDueAlerts(
  db: Executor,
  { now, staleBefore, deviceId }: { now: Date; staleBefore: Date; deviceId?: number },
): Promise<DueAlert[]> {
  const onlyDevice = deviceId === undefined ? sql`true` : sql`a.device_id = ${deviceId}`;
  // Stale alerts go in the sweep over every machine, not on each machine's end of cycle.
  if (deviceId === undefined)
    await db.execute(
      sql`delete from ${machineDoneAlerts} where created_at < ${staleBefore.toISOString()}::timestamptz`,
    );
  const result = await db.execute<{
    id: number;
    device_id: number;
    endpoint: string;
    p256dh: string;
    auth: string;
    language: string;
    created_at: string;
    attempts: number;
    machine_name: string;
    place_title: string | null;
    place_key: string | null;
  }>(sql`
    with due as (
      delete from ${machineDoneAlerts} a
       where ${onlyDevice}
         and (a.retry_at <= ${now.toISOString()}::timestamptz
              or (a.retry_at is null and exists (
                    select 1 from ${deviceHardware} h join ${deviceState} s on s.hwid = h.hwid
                     where h.device_id = a.device_id and s.online and s.report->>'status' in ('done', 'idle'))))
      returning a.*
    )
    select due.id, due.device_id, due.endpoint, due.p256dh, due.auth, due.language, due.created_at, due.attempts,
           d.name as machine_name, p.title as place_title, p.public_key as place_key
      from due join ${devices} d on d.id = due.device_id left join ${places} p on p.id = d.place_id`);
  return result.rows.map((row) => ({
    id: row.id,
    deviceId: row.device_id,
    endpoint: row.endpoint,
    p256dh: row.p256dh,
    auth: row.auth,
    language: row.language,
    createdAt: new Date(row.created_at),
    attempts: row.attempts,
    machineName: row.machine_name,
    placeTitle: row.place_title ?? '',
    placeKey: row.place_key ?? '',
  }));
}

/**
 * Puts back an alert whose send must be tried again at `retryAt` (its age kept, so it still expires). A
 * browser that has meanwhile asked again for this machine's next cycle keeps that newer wish instead.
 */
export async function requeueAlert(db: Executor, alert: DueAlert, retryAt: Date): Promise<void> {
  await db
    .insert(machineDoneAlerts)
    .values({
      deviceId: alert.deviceId,
      endpoint: alert.endpoint,
      p256dh: alert.p256dh,
      auth: alert.auth,
      language: alert.language,
      createdAt: alert.createdAt,
      attempts: alert.attempts + 1,
      retryAt,
    })
    .onConflictDoNothing();
}
