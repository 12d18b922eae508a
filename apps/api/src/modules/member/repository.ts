import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PermissionGroup } from '@sbo/contracts';
import type { Executor } from '../../db/client';
import { devices, memberDeviceWhitelist, merchantMembers, users } from '../../db/schema';
import type { MerchantScope } from '../../scope/merchant-scope';

const columns = {
  id: merchantMembers.id,
  userId: merchantMembers.userId,
  nickName: users.nickName,
  email: users.email,
  avatar: users.avatar,
  role: merchantMembers.role,
  permissionGroups: merchantMembers.permissionGroups,
  suspended: merchantMembers.suspended,
  deviceWhitelistEnabled: merchantMembers.deviceWhitelistEnabled,
  lastLoginAt: merchantMembers.lastLoginAt,
  createdAt: merchantMembers.createdAt,
};

export type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

const membersWithUsers = (db: Executor) =>
  db.select(columns).from(merchantMembers).innerJoin(users, eq(users.id, merchantMembers.userId));

/** One member of the merchant: another merchant's is never matched. */
const ownMember = (scope: MerchantScope, memberId: number) =>
  and(eq(merchantMembers.merchantId, scope.merchantId), eq(merchantMembers.id, memberId));

export function listMembers(db: Executor, scope: MerchantScope) {
  return membersWithUsers(db).where(eq(merchantMembers.merchantId, scope.merchantId)).orderBy(asc(merchantMembers.id));
}

/** The member of this merchant, locked for the change about to be made when `lock` is set. */
export async function findMember(db: Executor, scope: MerchantScope, memberId: number, lock = false) {
  const query = membersWithUsers(db).where(ownMember(scope, memberId));
  const rows = lock ? await query.for('update', { of: merchantMembers }) : await query;
  return rows[0] ?? null;
}

export async function whitelistedDeviceIds(db: Executor, scope: MerchantScope, memberId: number) {
  const rows = await db
    .select({ deviceId: memberDeviceWhitelist.deviceId })
    .from(memberDeviceWhitelist)
    .where(and(eq(memberDeviceWhitelist.merchantId, scope.merchantId), eq(memberDeviceWhitelist.memberId, memberId)))
    .orderBy(asc(memberDeviceWhitelist.deviceId));
  return rows.map((r) => r.deviceId);
}

/** How many of these device ids belong to the merchant. */
export async function countMerchantDevices(db: Executor, scope: MerchantScope, deviceIds: number[]) {
  if (deviceIds.length === 0) return 0;
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(devices)
    .where(and(eq(devices.merchantId, scope.merchantId), inArray(devices.id, deviceIds)));
  return row?.value ?? 0;
}

export async function updateMember(
  db: Executor,
  scope: MerchantScope,
  memberId: number,
  values: Partial<{
    role: MemberRow['role'];
    permissionGroups: PermissionGroup[];
    deviceWhitelistEnabled: boolean;
    suspended: boolean;
  }>,
) {
  if (Object.keys(values).length === 0) return;
  await db.update(merchantMembers).set(values).where(ownMember(scope, memberId));
}

export async function replaceWhitelist(db: Executor, scope: MerchantScope, memberId: number, deviceIds: number[]) {
  await db
    .delete(memberDeviceWhitelist)
    .where(and(eq(memberDeviceWhitelist.merchantId, scope.merchantId), eq(memberDeviceWhitelist.memberId, memberId)));
  if (deviceIds.length === 0) return;
  await db
    .insert(memberDeviceWhitelist)
    .values(deviceIds.map((deviceId) => ({ merchantId: scope.merchantId, memberId, deviceId })));
}

export async function deleteMember(db: Executor, scope: MerchantScope, memberId: number) {
  await db.delete(merchantMembers).where(ownMember(scope, memberId));
}

/** Active owners other than this member: a merchant always keeps at least one. */
export async function countOtherActiveOwners(db: Executor, scope: MerchantScope, memberId: number) {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(merchantMembers)
    .where(
      and(
        eq(merchantMembers.merchantId, scope.merchantId),
        eq(merchantMembers.role, 'merchant'),
        eq(merchantMembers.suspended, false),
        sql`${merchantMembers.id} <> ${memberId}`,
      ),
    );
  return row?.value ?? 0;
}
