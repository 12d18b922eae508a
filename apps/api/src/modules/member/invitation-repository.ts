import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { invitations, merchantMembers, merchants, users } from '../../db/schema';
import type { MerchantScope } from '../../scope/merchant-scope';

export async function insertInvitation(db: Executor, values: typeof invitations.$inferInsert) {
  const [row] = await db.insert(invitations).values(values).returning();
  return row!;
}

/** The invitation with its merchant's name and zone; `lock` holds the row so only one accept can use it. */
export async function findInvitation(db: Executor, code: string, lock = false) {
  const query = db
    .select({ invitation: invitations, merchantName: merchants.companyName, timeZone: merchants.timezone })
    .from(invitations)
    .innerJoin(merchants, eq(merchants.id, invitations.merchantId))
    .where(eq(invitations.code, code));
  const rows = lock ? await query.for('update', { of: invitations }) : await query;
  return rows[0] ?? null;
}

/** The inviter, with their membership of the merchant (none for a service agent). */
export async function findInviter(db: Executor, scope: MerchantScope, userId: number) {
  const rows = await db
    .select({
      nickName: users.nickName,
      isRoot: users.isRoot,
      disabled: users.disabled,
      role: merchantMembers.role,
      suspended: merchantMembers.suspended,
    })
    .from(users)
    .leftJoin(
      merchantMembers,
      and(eq(merchantMembers.userId, users.id), eq(merchantMembers.merchantId, scope.merchantId)),
    )
    .where(eq(users.id, userId));
  return rows[0] ?? null;
}

export async function markAccepted(db: Executor, invitationId: number, userId: number, at: Date) {
  await db
    .update(invitations)
    .set({ acceptedAt: at, acceptedByUserId: userId })
    .where(eq(invitations.id, invitationId));
}

/** Adds the member; null when the user already is one (the unique key decides, even under a race). */
export async function insertMember(db: Executor, values: typeof merchantMembers.$inferInsert) {
  const rows = await db.insert(merchantMembers).values(values).onConflictDoNothing().returning();
  return rows[0] ?? null;
}
