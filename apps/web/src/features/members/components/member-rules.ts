import type { MemberDetail, MemberRole, MerchantProfile, PermissionGroup } from '@sbo/contracts';
import { memberRoles } from '@sbo/contracts';

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
