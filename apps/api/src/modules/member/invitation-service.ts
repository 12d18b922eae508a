import { randomBytes } from 'node:crypto';
import {
  defaultGroupsByRole,
  ErrorCode,
  tokenLifetimes,
  type InvitationAccepted,
  type InvitationCreate,
  type InvitationCreated,
  type InvitationPreview,
} from '@sbo/contracts';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import type { MerchantAuth, UserAuth } from '../../plugins/access';
import { findMembership } from '../merchant/service';
import { assertCanAssignRole } from './rules';
import * as repo from './invitation-repository';

export function createInvitationService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  /** A usable invitation and its inviter's name: 1104004 unknown, used or expired; 1104005 inviter gone. */
  async function usable(tx: Executor, code: string, lock: boolean) {
    const found = await repo.findInvitation(tx, code, lock);
    if (!found) throw new AppError(ErrorCode.INVITATION_CODE_INVALID);
    const { invitation } = found;
    if (invitation.acceptedAt || invitation.expiresAt.getTime() <= clock.now().getTime()) {
      throw new AppError(ErrorCode.INVITATION_CODE_INVALID);
    }
    const inviter = invitation.inviterUserId
      ? await repo.findInviter(tx, { merchantId: invitation.merchantId }, invitation.inviterUserId)
      : null;
    const inviterActive = inviter && !inviter.disabled && (inviter.isRoot || (inviter.role && !inviter.suspended));
    if (!inviter || !inviterActive) throw new AppError(ErrorCode.INVITER_NOT_FOUND);
    return { invitation, merchantName: found.merchantName, timeZone: found.timeZone, inviterName: inviter.nickName };
  }

  return {
    async create(actor: MerchantAuth, input: InvitationCreate): Promise<InvitationCreated> {
      assertCanAssignRole(actor, input.role);
      return db.transaction(async (tx) => {
        const row = await repo.insertInvitation(tx, {
          merchantId: actor.merchantId,
          code: randomBytes(18).toString('base64url'),
          role: input.role,
          inviterUserId: actor.userId,
          expiresAt: new Date(clock.now().getTime() + tokenLifetimes.invitationSeconds * 1000),
        });
        await writeAudit(tx, actor, {
          action: 'invitation.create',
          entity: 'invitation',
          entityId: row.id,
          after: { role: row.role, expiresAt: row.expiresAt.toISOString() },
        });
        return { code: row.code, role: row.role, expiresAt: row.expiresAt.toISOString() };
      });
    },

    async preview(code: string): Promise<InvitationPreview> {
      const { invitation, merchantName, timeZone, inviterName } = await usable(db, code, false);
      return {
        merchantName,
        role: invitation.role,
        inviterName,
        expiresAt: invitation.expiresAt.toISOString(),
        timeZone,
      };
    },

    /** The invitation row is locked first, so of two accepts at once the second sees it used (1104004). */
    async accept(user: UserAuth, code: string): Promise<InvitationAccepted> {
      return db.transaction(async (tx) => {
        const { invitation } = await usable(tx, code, true);
        const scope = { merchantId: invitation.merchantId };
        if (user.isRoot || (await findMembership(tx, scope, user.userId))) {
          throw new AppError(ErrorCode.MEMBER_ALREADY_EXISTS);
        }
        const member = await repo.insertMember(tx, {
          merchantId: invitation.merchantId,
          userId: user.userId,
          role: invitation.role,
          permissionGroups: [...defaultGroupsByRole[invitation.role]],
        });
        if (!member) throw new AppError(ErrorCode.MEMBER_ALREADY_EXISTS);
        await repo.markAccepted(tx, invitation.id, user.userId, clock.now());
        await writeAudit(
          tx,
          { merchantId: invitation.merchantId, userId: user.userId },
          {
            action: 'invitation.accept',
            entity: 'member',
            entityId: member.id,
            before: null,
            after: {
              invitationId: invitation.id,
              inviterUserId: invitation.inviterUserId,
              userId: user.userId,
              role: member.role,
              permissionGroups: member.permissionGroups,
            },
          },
        );
        return { merchantId: invitation.merchantId, role: invitation.role };
      });
    },
  };
}
