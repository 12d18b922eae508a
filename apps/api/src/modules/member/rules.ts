import { ErrorCode, type MemberRole, type PermissionGroup, type Role } from '@sbo/contracts';
import { AppError } from '../../lib/app-error';
import type { MerchantAuth } from '../../plugins/access';

/**
 * Who may manage whom (docs/permissions.md, "Managing staff"): root and owners manage
 * everyone; a manager manages only shareholders and store managers and hands out only
 * those roles and the groups the manager holds.
 */
const rank: Record<Role, number> = { root: 4, merchant: 3, manager: 2, shareholder: 1, storeManager: 1 };

export function assertCanManage(actor: MerchantAuth, target: { id: number; role: MemberRole }) {
  if (actor.memberId === target.id) throw new AppError(ErrorCode.CANNOT_CHANGE_SELF);
  if (actor.role === 'manager' && rank[target.role] >= rank.manager) throw new AppError(ErrorCode.PERMISSION_DENIED);
}

export function assertCanAssignRole(actor: MerchantAuth, role: MemberRole) {
  if (actor.role === 'manager' && rank[role] >= rank.manager) throw new AppError(ErrorCode.PERMISSION_DENIED);
}

export function assertCanGrantGroups(
  actor: MerchantAuth,
  before: readonly PermissionGroup[],
  after: PermissionGroup[],
) {
  const added = after.filter((group) => !before.includes(group));
  if (added.some((group) => !actor.permissionGroups.includes(group))) throw new AppError(ErrorCode.PERMISSION_DENIED);
}
