import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { merchantMembers, merchants, users } from '../../db/schema';
import type { MerchantScope } from '../../scope/merchant-scope';

const merchantColumns = {
  id: merchants.id,
  companyName: merchants.companyName,
  taxIDNumber: merchants.taxIdNumber,
  adminAddress: merchants.adminAddress,
  adminUsername: merchants.adminUsername,
  adminEmail: merchants.adminEmail,
  adminPhone: merchants.adminPhone,
  country: merchants.country,
  currency: merchants.currency,
  timezone: merchants.timezone,
};

export async function findMerchant(db: Executor, scope: MerchantScope) {
  const rows = await db.select(merchantColumns).from(merchants).where(eq(merchants.id, scope.merchantId));
  return rows[0] ?? null;
}

export async function lockMerchant(db: Executor, scope: MerchantScope) {
  const rows = await db.select(merchantColumns).from(merchants).where(eq(merchants.id, scope.merchantId)).for('update');
  return rows[0] ?? null;
}

export async function updateMerchant(
  db: Executor,
  scope: MerchantScope,
  values: Partial<Omit<typeof merchants.$inferInsert, 'id'>>,
) {
  await db.update(merchants).set(values).where(eq(merchants.id, scope.merchantId));
}

/** What a merchant list shows of each merchant. */
const summaryColumns = {
  id: merchants.id,
  companyName: merchants.companyName,
  country: merchants.country,
  currency: merchants.currency,
  timezone: merchants.timezone,
};

/** Merchants a user belongs to, with their role there. */
export function listMemberships(db: Executor, userId: number) {
  return db
    .select({
      ...summaryColumns,
      rbacRole: merchantMembers.role,
      suspended: merchantMembers.suspended,
    })
    .from(merchantMembers)
    .innerJoin(merchants, eq(merchants.id, merchantMembers.merchantId))
    .where(eq(merchantMembers.userId, userId))
    .orderBy(asc(merchants.id));
}

/** Every merchant, for root users (service agents). */
export function listAllMerchants(db: Executor) {
  return db.select(summaryColumns).from(merchants).orderBy(asc(merchants.id));
}

export async function findMembership(db: Executor, scope: MerchantScope, userId: number) {
  const rows = await db
    .select()
    .from(merchantMembers)
    .where(and(eq(merchantMembers.merchantId, scope.merchantId), eq(merchantMembers.userId, userId)));
  return rows[0] ?? null;
}

export async function touchMemberLogin(db: Executor, scope: MerchantScope, memberId: number, at: Date) {
  await db
    .update(merchantMembers)
    .set({ lastLoginAt: at })
    .where(and(eq(merchantMembers.merchantId, scope.merchantId), eq(merchantMembers.id, memberId)));
}

export async function findUser(db: Executor, userId: number) {
  const rows = await db.select().from(users).where(eq(users.id, userId));
  return rows[0] ?? null;
}
