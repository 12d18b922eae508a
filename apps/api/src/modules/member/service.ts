import {
  defaultGroupsByRole,
  ErrorCode,
  type MemberDetail,
  type MemberListItem,
  type MemberUpdate,
  type PermissionGroup,
} from '@sbo/contracts';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import type { MerchantAuth } from '../../plugins/access';
import * as repo from './repository';
import { assertCanAssignRole, assertCanGrantGroups, assertCanManage } from './rules';

const toItem = (row: repo.MemberRow, actor: MerchantAuth): MemberListItem => ({
  id: row.id,
  userId: row.userId,
  nickName: row.nickName,
  email: row.email,
  avatar: row.avatar,
  role: row.role,
  permissionGroups: row.permissionGroups,
  suspended: row.suspended,
  lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  isSelf: row.id === actor.memberId,
});

/** What the audit log keeps of a member before and after a change. */
const snapshot = (row: repo.MemberRow, deviceIds: number[]) => ({
  userId: row.userId,
  role: row.role,
  permissionGroups: row.permissionGroups,
  suspended: row.suspended,
  deviceWhitelist: { enabled: row.deviceWhitelistEnabled, deviceIds },
});

/**
 * `settled` (the session cache's) is awaited after a change to a membership commits, so every api
 * instance applies the new role, groups or suspension from the member's next call.
 */
export function createMemberService(deps: { db: Database; settled?: () => Promise<void> }) {
  const { db } = deps;
  /** Runs a membership change in a transaction and answers once every instance has heard of it. */
  async function change<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    const result = await db.transaction(work);
    await deps.settled?.();
    return result;
  }

  async function lockTarget(tx: Executor, actor: MerchantAuth, memberId: number) {
    const row = await repo.findMember(tx, actor, memberId, true);
    if (!row) throw new AppError(ErrorCode.MEMBER_NOT_FOUND);
    return { row, deviceIds: await repo.whitelistedDeviceIds(tx, actor, memberId) };
  }

  /** The member about to be changed, as `lockTarget` gives it, once the actor may manage it. */
  async function lockManageable(tx: Executor, actor: MerchantAuth, memberId: number) {
    const target = await lockTarget(tx, actor, memberId);
    assertCanManage(actor, target.row);
    return target;
  }

  /** A merchant always keeps one active owner: the last one cannot be demoted, suspended or removed. */
  async function assertOwnerRemains(tx: Executor, actor: MerchantAuth, row: repo.MemberRow) {
    if (row.role !== 'merchant' || row.suspended) return;
    if ((await repo.countOtherActiveOwners(tx, actor, row.id)) === 0) {
      throw new AppError(ErrorCode.LAST_OWNER_REQUIRED);
    }
  }

  async function detail(tx: Executor, actor: MerchantAuth, memberId: number): Promise<MemberDetail> {
    const row = await repo.findMember(tx, actor, memberId);
    if (!row) throw new AppError(ErrorCode.MEMBER_NOT_FOUND);
    const deviceIds = await repo.whitelistedDeviceIds(tx, actor, memberId);
    return {
      ...toItem(row, actor),
      createdAt: row.createdAt.toISOString(),
      deviceWhitelist: { enabled: row.deviceWhitelistEnabled, deviceIds },
    };
  }

  async function setSuspended(actor: MerchantAuth, memberId: number, suspended: boolean) {
    return change(async (tx) => {
      const { row, deviceIds } = await lockManageable(tx, actor, memberId);
      if (suspended) await assertOwnerRemains(tx, actor, row);
      await repo.updateMember(tx, actor, memberId, { suspended });
      await writeAudit(tx, actor, {
        action: suspended ? 'member.suspend' : 'member.reinstate',
        entity: 'member',
        entityId: memberId,
        before: snapshot(row, deviceIds),
        after: snapshot({ ...row, suspended }, deviceIds),
      });
      return detail(tx, actor, memberId);
    });
  }

  return {
    async list(actor: MerchantAuth): Promise<MemberListItem[]> {
      const rows = await repo.listMembers(db, actor);
      return rows.map((row) => toItem(row, actor));
    },

    detail: (actor: MerchantAuth, memberId: number) => detail(db, actor, memberId),

    async update(actor: MerchantAuth, memberId: number, input: MemberUpdate): Promise<MemberDetail> {
      return change(async (tx) => {
        const { row, deviceIds } = await lockManageable(tx, actor, memberId);
        const role = input.role ?? row.role;
        if (role !== row.role) {
          assertCanAssignRole(actor, role);
          if (row.role === 'merchant') await assertOwnerRemains(tx, actor, row);
        }
        const groups: PermissionGroup[] =
          input.permissionGroups ?? (role !== row.role ? [...defaultGroupsByRole[role]] : row.permissionGroups);
        const uniqueGroups = [...new Set(groups)];
        assertCanGrantGroups(actor, row.permissionGroups, uniqueGroups);

        let whitelist = { enabled: row.deviceWhitelistEnabled, deviceIds };
        if (input.deviceWhitelist) {
          const ids = [...new Set(input.deviceWhitelist.deviceIds)].sort((a, b) => a - b);
          if (input.deviceWhitelist.enabled && ids.length === 0) {
            throw new AppError(ErrorCode.DEVICE_TARGETING_NEEDS_DEVICES);
          }
          if ((await repo.countMerchantDevices(tx, actor, ids)) !== ids.length) {
            throw new AppError(ErrorCode.DEVICES_NOT_OF_MERCHANT);
          }
          whitelist = { enabled: input.deviceWhitelist.enabled, deviceIds: ids };
          await repo.replaceWhitelist(tx, actor, memberId, ids);
        }
        await repo.updateMember(tx, actor, memberId, {
          role,
          permissionGroups: uniqueGroups,
          deviceWhitelistEnabled: whitelist.enabled,
        });
        const after = { ...row, role, permissionGroups: uniqueGroups, deviceWhitelistEnabled: whitelist.enabled };
        await writeAudit(tx, actor, {
          action: 'member.update',
          entity: 'member',
          entityId: memberId,
          before: snapshot(row, deviceIds),
          after: snapshot(after, whitelist.deviceIds),
        });
        return detail(tx, actor, memberId);
      });
    },

    suspend: (actor: MerchantAuth, memberId: number) => setSuspended(actor, memberId, true),
    reinstate: (actor: MerchantAuth, memberId: number) => setSuspended(actor, memberId, false),

    async remove(actor: MerchantAuth, memberId: number): Promise<{ removed: true }> {
      return change(async (tx) => {
        const { row, deviceIds } = await lockTarget(tx, actor, memberId);
        if (actor.memberId === row.id) throw new AppError(ErrorCode.CANNOT_DELETE_SELF);
        assertCanManage(actor, row);
        await assertOwnerRemains(tx, actor, row);
        await repo.deleteMember(tx, actor, memberId);
        await writeAudit(tx, actor, {
          action: 'member.remove',
          entity: 'member',
          entityId: memberId,
          before: snapshot(row, deviceIds),
          after: null,
        });
        return { removed: true as const };
      });
    },
  };
}
