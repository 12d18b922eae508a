import {
  ErrorCode,
  isAllowed,
  permissionGroups as allGroups,
  permissions,
  type MerchantInfo,
  type MerchantInfoUpdate,
  type MerchantListItem,
  type MerchantLoginResult,
  type MerchantProfile,
  type PermissionGroup,
  type Role,
} from '@sbo/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { isValidTaiwanTaxId } from '../../lib/tax-id';
import type { MerchantAuth, UserAuth } from '../../plugins/access';
import type { TokenService } from '../../auth/token-service';
import type { MerchantScope } from '../../scope/merchant-scope';
import * as repo from './repository';

/** What other modules read of merchants: the merchant row, a membership, a user. */
export { findMembership, findMerchant, findUser, lockMerchant } from './repository';

/**
 * `settled` (the session cache's) is awaited after the merchant's record changes, so every api
 * instance answers the new record (read with the session) from the next call.
 */
export function createMerchantService(deps: {
  db: Database;
  tokens: TokenService;
  clock: Clock;
  settled?: () => Promise<void>;
}) {
  const { db } = deps;

  async function profileOf(user: UserAuth, merchantId: number, recordLogin: boolean): Promise<MerchantProfile> {
    const scope = { merchantId };
    const merchant = await repo.findMerchant(db, scope);
    if (!merchant) throw new AppError(ErrorCode.USER_OR_MERCHANT_NOT_FOUND);
    const account = await repo.findUser(db, user.userId);
    if (!account) throw new AppError(ErrorCode.USER_OR_MERCHANT_NOT_FOUND);
    let role: Role = 'root';
    let groups: readonly PermissionGroup[] = allGroups;
    if (!user.isRoot) {
      const member = await repo.findMembership(db, scope, user.userId);
      if (!member) throw new AppError(ErrorCode.MERCHANT_MEMBER_NOT_FOUND);
      if (member.suspended) throw new AppError(ErrorCode.MEMBER_SUSPENDED);
      role = member.role;
      groups = member.permissionGroups;
      if (recordLogin) await repo.touchMemberLogin(db, scope, member.id, deps.clock.now());
    }
    const access = { role, permissionGroups: groups };
    return {
      userId: account.id,
      merchantId,
      personalInfo: { nickName: account.nickName, avatar: account.avatar },
      member: { rbacRole: role, permissionGroups: [...groups] },
      businessInfo: {
        country: merchant.country,
        companyName: merchant.companyName,
        currency: merchant.currency,
        timezone: merchant.timezone,
      },
      permissions: permissions.filter((p) => isAllowed(access, p)),
    };
  }

  return {
    async list(user: UserAuth): Promise<MerchantListItem[]> {
      if (user.isRoot) {
        const all = await repo.listAllMerchants(db);
        return all.map((m) => ({ ...m, rbacRole: 'root' as const, suspended: false }));
      }
      return repo.listMemberships(db, user.userId);
    },

    /** Picks a merchant: checks membership, issues the merchant token (1 day), returns the profile. */
    async login(user: UserAuth, merchantId: number): Promise<MerchantLoginResult> {
      const info = await profileOf(user, merchantId, true);
      const { jwt } = await deps.tokens.issueMerchant(user.userId, merchantId, user.sessionId);
      return { jwt, info };
    },

    /** The profile as it is now: the web re-reads it so role and group changes show at once. */
    profile: (member: MerchantAuth) => profileOf(member, member.merchantId, false),

    /** The record the access check read with the session: no query of its own. */
    info(member: MerchantAuth): MerchantInfo {
      if (!member.merchantRecord) throw new AppError(ErrorCode.USER_OR_MERCHANT_NOT_FOUND);
      return member.merchantRecord;
    },

    async update(scope: MerchantScope, actorUserId: number, input: MerchantInfoUpdate): Promise<MerchantInfo> {
      const updated = await db.transaction(async (tx) => {
        const before = await repo.lockMerchant(tx, scope);
        if (!before) throw new AppError(ErrorCode.USER_OR_MERCHANT_NOT_FOUND);
        if (before.country === 'TW' && !isValidTaiwanTaxId(input.taxIDNumber)) {
          throw new AppError(ErrorCode.ID_NUMBER_INVALID);
        }
        await repo.updateMerchant(tx, scope, {
          companyName: input.companyName,
          taxIdNumber: input.taxIDNumber,
          adminAddress: input.adminAddress,
          adminUsername: input.adminUsername,
          adminEmail: input.adminEmail,
          adminPhone: input.adminPhone,
          updatedAt: deps.clock.now(),
        });
        const after = { ...before, ...input };
        await writeAudit(
          tx,
          { merchantId: scope.merchantId, userId: actorUserId },
          {
            action: 'merchant.update',
            entity: 'merchant',
            entityId: scope.merchantId,
            before,
            after,
          },
        );
        return after;
      });
      await deps.settled?.();
      return updated;
    },
  };
}
