import { sql } from 'drizzle-orm';
import { machineTypes, type PaymentGateway } from '@sbo/contracts';
import type { Executor } from '../db/client';

/** Serialises seeding the demo across instances starting together (held until the transaction ends). */
export async function lockDemoSeeding(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
}

/** A merchant's places, oldest first. */
export async function placeIdsOf(db: Executor, merchantId: number): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(
    sql`select id from places where merchant_id = ${merchantId} order by id`,
  );
  return rows.rows.map((r) => Number(r.id));
}

/** The merchant's registered controllers of machines that take cards (all but money changers), with their place. */
export async function cardMachineHardware(db: Executor, merchantId: number) {
  const rows = await db.execute<{ hwid: string; place_id: number }>(sql`
    select h.hwid, d.place_id from device_hardware h join devices d on d.id = h.device_id
     where d.merchant_id = ${merchantId} and d.machine_type <> ${machineTypes.MoneyChanger} order by h.hwid`);
  return rows.rows;
}

/** The merchant's devices with registered hardware, by hardware id. */
export async function deviceIdsByHardware(db: Executor, merchantId: number): Promise<Map<string, number>> {
  const found = await db.execute<{ id: number; hwid: string }>(sql`
    select d.id, h.hwid from devices d join device_hardware h on h.device_id = d.id where d.merchant_id = ${merchantId}`);
  return new Map(found.rows.map((r) => [r.hwid, Number(r.id)]));
}

/** The merchant's bound machines, with their place and the gateways the place accepts. */
export async function sellingMachines(tx: Executor, merchantId: number) {
  const machines = await tx.execute<{
    id: number;
    placeId: number | null;
    machineType: number;
    gateways: PaymentGateway[] | null;
  }>(
    sql`select d.id, d.place_id as "placeId", d.machine_type as "machineType", o.gateways from devices d
          join device_hardware h on h.device_id = d.id
          left join place_payment_options o on o.place_id = d.place_id
          where d.merchant_id = ${merchantId} order by d.id`,
  );
  return machines.rows;
}
