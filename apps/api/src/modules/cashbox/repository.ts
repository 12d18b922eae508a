import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { DeviceScope } from '../../scope/device-scope';
import { everyDeviceVisible, visibleDevices } from '../../scope/device-scope-repository';

import { minorUnits } from '../../lib/money-sql';

/** The visible machines among these ids or at these places, with their cash-box amount now. */
export async function machinesForTrip(db: Executor, scope: DeviceScope, deviceIds: number[], placeIds: number[]) {
  const ids = deviceIds.length
    ? sql`devices.id in (${sql.join(
        deviceIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`false`;
  const atPlaces = placeIds.length
    ? sql`devices.place_id in (${sql.join(
        placeIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`false`;
  const result = await db.execute<{ id: number; amount: number }>(sql`select devices.id,
      coalesce((s.report->>'cashBoxAmount')::bigint, 0) as "amount"
    from devices
    left join device_hardware h on h.device_id = devices.id
    left join device_state s on s.hwid = h.hwid
    where ${visibleDevices(scope)} and (${ids} or ${atPlaces})
    order by devices.place_id nulls last, devices.name`);
  return result.rows.map((row) => ({ id: row.id, amount: minorUnits(row.amount) }));
}

export async function insertTrip(
  db: Executor,
  values: { merchantId: number; note: string; startedBy: number; startedAt: Date },
) {
  const result = await db.execute<{
    id: number;
  }>(sql`insert into cashbox_trips (merchant_id, note, started_by, started_at)
    values (${values.merchantId}, ${values.note}, ${values.startedBy}, ${values.startedAt.toISOString()}) returning id`);
  return result.rows[0]!.id;
}

export async function insertTripItems(db: Executor, tripId: number, machines: { id: number; amount: number }[]) {
  if (machines.length === 0) return;
  await db.execute(
    sql`insert into cashbox_trip_items (trip_id, device_id, expected_amount) values ${sql.join(
      machines.map((m) => sql`(${tripId}, ${m.id}, ${m.amount})`),
      sql`, `,
    )}`,
  );
}

export type TripRow = {
  id: number;
  status: 'open' | 'settled';
  note: string;
  currency: string;
  startedAt: Date;
  startedBy: string | null;
  settledAt: Date | null;
  deviceCount: number;
  collectedCount: number;
  expectedTotal: number;
  collectedTotal: number;
};

const tripSelect = sql`select t.id, t.status, t.note, m.currency, t.started_at as "startedAt", u.nick_name as "startedBy",
    t.settled_at as "settledAt", count(i.device_id)::int as "deviceCount",
    count(i.collected_amount)::int as "collectedCount",
    coalesce(sum(i.expected_amount) filter (where i.collected_amount is not null), 0)::bigint as "expectedTotal",
    coalesce(sum(i.collected_amount), 0)::bigint as "collectedTotal"
  from cashbox_trips t join merchants m on m.id = t.merchant_id
  left join users u on u.id = t.started_by
  left join cashbox_trip_items i on i.trip_id = t.id`;

const toTrip = (row: Record<string, unknown>): TripRow => ({
  ...(row as TripRow),
  startedAt: new Date(row.startedAt as string),
  settledAt: row.settledAt ? new Date(row.settledAt as string) : null,
  expectedTotal: minorUnits(row.expectedTotal),
  collectedTotal: minorUnits(row.collectedTotal),
});

/** The trips the member may see: the merchant's, with every machine on the member's whitelist. */
const visibleTrip = (scope: DeviceScope) =>
  sql`t.merchant_id = ${scope.merchantId} and ${everyDeviceVisible(
    scope,
    sql`select v.device_id from cashbox_trip_items v where v.trip_id = t.id`,
  )}`;

export async function listTrips(
  db: Executor,
  scope: DeviceScope,
  query: { page: number; pageSize: number; status?: 'open' | 'settled' },
) {
  const status = query.status ? sql`and t.status = ${query.status}` : sql``;
  const [rows, counted] = await Promise.all([
    db.execute(sql`${tripSelect} where ${visibleTrip(scope)} ${status}
      group by t.id, m.currency, u.nick_name order by t.started_at desc, t.id desc
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
    db.execute<{ n: number }>(
      sql`select count(*)::int as n from cashbox_trips t where ${visibleTrip(scope)} ${status}`,
    ),
  ]);
  return { rows: rows.rows.map(toTrip), total: counted.rows[0]?.n ?? 0 };
}

export async function findTrip(db: Executor, scope: DeviceScope, id: number, lock = false) {
  if (lock)
    await db.execute(sql`select 1 from cashbox_trips t where t.id = ${id} and ${visibleTrip(scope)} for update of t`);
  const result = await db.execute(sql`${tripSelect} where ${visibleTrip(scope)} and t.id = ${id}
    group by t.id, m.currency, u.nick_name`);
  return result.rows[0] ? toTrip(result.rows[0]) : null;
}

type TripItemRow = {
  deviceId: number;
  deviceName: string;
  placeId: number | null;
  placeTitle: string | null;
  online: boolean;
  currentAmount: number;
  expectedAmount: number;
  collectedAmount: number | null;
  collectedAt: Date | null;
  resetResult: 'ok' | 'failed' | 'timeout' | 'offline' | null;
};

export async function tripItems(db: Executor, scope: DeviceScope, tripId: number): Promise<TripItemRow[]> {
  const result = await db.execute(sql`select i.device_id as "deviceId", devices.name as "deviceName",
      devices.place_id as "placeId", p.title as "placeTitle", coalesce(s.online, false) as "online",
      coalesce((s.report->>'cashBoxAmount')::bigint, 0) as "currentAmount",
      i.expected_amount as "expectedAmount", i.collected_amount as "collectedAmount",
      i.collected_at as "collectedAt", i.reset_result as "resetResult"
    from cashbox_trip_items i
    join devices on devices.id = i.device_id
    left join places p on p.id = devices.place_id
    left join device_hardware h on h.device_id = devices.id
    left join device_state s on s.hwid = h.hwid
    where i.trip_id = ${tripId} and ${visibleDevices(scope)}
    order by p.title nulls last, devices.name`);
  return result.rows.map((row) => ({
    ...(row as TripItemRow),
    currentAmount: minorUnits(row.currentAmount),
    expectedAmount: minorUnits(row.expectedAmount),
    collectedAmount: row.collectedAmount === null ? null : minorUnits(row.collectedAmount),
    collectedAt: row.collectedAt ? new Date(row.collectedAt as string) : null,
  }));
}

/** The collector counted the box: what they found, against what the machine says it holds now. */
export async function recordCollection(
  db: Executor,
  tripId: number,
  deviceId: number,
  values: { collectedAmount: number; expectedAmount: number; at: Date; by: number },
) {
  const result = await db.execute(sql`update cashbox_trip_items set collected_amount = ${values.collectedAmount},
      expected_amount = ${values.expectedAmount}, collected_at = ${values.at.toISOString()}, collected_by = ${values.by}
    where trip_id = ${tripId} and device_id = ${deviceId} returning device_id`);
  return result.rows.length > 0;
}

export async function setResetResult(db: Executor, tripId: number, deviceId: number, result: string) {
  await db.execute(
    sql`update cashbox_trip_items set reset_result = ${result} where trip_id = ${tripId} and device_id = ${deviceId}`,
  );
}

export async function markSettled(db: Executor, tripId: number, by: number, at: Date) {
  await db.execute(sql`update cashbox_trips set status = 'settled', settled_by = ${by}, settled_at = ${at.toISOString()}
    where id = ${tripId}`);
}

export async function deleteOpenTrip(db: Executor, scope: DeviceScope, tripId: number) {
  const result = await db.execute(
    sql`delete from cashbox_trips where id = ${tripId} and merchant_id = ${scope.merchantId} and status = 'open' returning id`,
  );
  return result.rows.length > 0;
}
