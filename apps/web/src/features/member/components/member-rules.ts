import type { MemberDetail, MemberRole, MerchantProfile, PermissionGroup } from '@sbo/contracts';
import { memberRoles, permissionGroups, permissionMatrix } from '@sbo/contracts';

/** The limits of docs/permissions.md ("Managing staff"), mirrored to hide what the api would refuse. */
export function canManageMember(actor: MerchantProfile, member: Pick<MemberDetail, 'isSelf' | 'role'>): boolean {
  if (!actor.permissions.includes('member.manage') || member.isSelf) return false;
  return actor.member.rbacRole !== 'manager' || (member.role !== 'merchant' && member.role !== 'manager');
}

export function assignableRoles(actor: MerchantProfile): readonly MemberRole[] {
  return actor.member.rbacRole === 'manager' ? ['shareholder', 'storeManager'] : memberRoles;
}

export function grantableGroup(actor: MerchantProfile, group: PermissionGroup): boolean {
  return actor.member.permissionGroups.includes(group);
}

/** Groups that give this role something: a store manager gains nothing from the transaction group. */
export function groupsForRole(role: MemberRole): PermissionGroup[] {
  const definitions: ReadonlyArray<{ group?: PermissionGroup; roles: readonly string[] }> =
    Object.values(permissionMatrix);
  return permissionGroups.filter((group) => definitions.some((d) => d.group === group && d.roles.includes(role)));
}
