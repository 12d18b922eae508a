import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { devices } from '../db/schema';
import type { DeviceScope } from './device-scope';

// The member's device whitelist, defined once: it applies when the member has it enabled, and then
// allows exactly the machines listed for the member. Both forms below read these two fragments.
const whitelistEnabled = (memberId: number | Placeholder) =>
  sql`exists (select 1 from merchant_members mm where mm.id = ${memberId} and mm.device_whitelist_enabled)`;
const whitelistedIds = (memberId: number | Placeholder) =>
  sql`select w.device_id from member_device_whitelist w where w.member_id = ${memberId}`;

/**
 * The devices this member may see: the merchant's, and only the whitelisted ones when the
 * member's whitelist is enabled. Every device query starts here, so none can forget it. A
 * prepared statement passes placeholders for the ids.
 */
export function visibleDevices(scope: {
  merchantId: number | Placeholder;
  memberId: number | Placeholder | null;
}): SQL {
  const merchant = eq(devices.merchantId, scope.merchantId);
  if (scope.memberId === null) return merchant;
  return and(
    merchant,
    sql`(not ${whitelistEnabled(scope.memberId)} or ${devices.id} in (${whitelistedIds(scope.memberId)}))`,
  )!;
}

/**
 * Whether the member may see every device of a record over several machines (a cash-box trip):
 * such a record is the member's only whole, so one machine outside the whitelist hides it all,
 * and acting on it (counting, settling) answers as for a record that does not exist.
 */
export function everyDeviceVisible(scope: DeviceScope, deviceIds: SQL): SQL {
  if (scope.memberId === null) return sql`true`;
  return sql`not exists (select 1 from ${devices} where ${devices.id} in (${deviceIds}) and not (${visibleDevices(scope)}))`;
}

/**
 * The same whitelist read once as a list of device ids, or null for "all of the merchant's": sales
 * queries carry it as a plain condition the planner can use with the time index.
 */
export async function readDeviceWhitelist(db: Executor, scope: DeviceScope): Promise<readonly number[] | null> {
  if (scope.memberId === null) return null;
  if (scope.deviceWhitelist !== undefined) return scope.deviceWhitelist;
  const result = await db.execute<{ enabled: boolean; ids: number[] | null }>(
    sql`select ${whitelistEnabled(scope.memberId)} as "enabled",
      (select array_agg(x.device_id) from (${whitelistedIds(scope.memberId)}) x) as "ids"`,
  );
  const row = result.rows[0];
  return row?.enabled ? (row.ids ?? []) : null;
}

/** Ids of the devices a member may see, or null for "all of the merchant's" (live updates filter by it). */
export async function visibleDeviceIds(db: Executor, scope: DeviceScope): Promise<Set<number> | null> {
  if ((await readDeviceWhitelist(db, scope)) === null) return null;
  const rows = await db.select({ id: devices.id }).from(devices).where(visibleDevices(scope));
  return new Set(rows.map((r) => r.id));
}
