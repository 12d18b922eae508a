import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bankAccounts, merchants } from '../../db/schema';
import { firstRow } from '../../lib/query-shapes';
import type { MerchantScope } from '../../scope/merchant-scope';

export type BankAccountRow = typeof bankAccounts.$inferSelect;

export async function listBankAccounts(db: Executor, scope: MerchantScope) {
  return db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.merchantId, scope.merchantId))
    .orderBy(desc(bankAccounts.isDefault), asc(bankAccounts.id));
}

/**
 * The merchant's account by id; another merchant's is as missing as one that does not exist. With
 * `lock`, the row stays locked until the transaction ends.
 */
export function findOwnBankAccount(db: Executor, scope: MerchantScope, id: number, lock = false) {
  return firstRow(
    db
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.id, id), eq(bankAccounts.merchantId, scope.merchantId))),
    lock,
  );
}

/** Any merchant's account by id: for service agents, who verify every merchant's accounts. */
export async function findBankAccount(db: Executor, id: number) {
  const rows = await db.select().from(bankAccounts).where(eq(bankAccounts.id, id));
  return rows[0] ?? null;
}

export async function findDefaultBankAccount(db: Executor, scope: MerchantScope) {
  const rows = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.merchantId, scope.merchantId), eq(bankAccounts.isDefault, true)));
  return rows[0] ?? null;
}

export async function clearDefault(db: Executor, scope: MerchantScope) {
  await db
    .update(bankAccounts)
    .set({ isDefault: false })
    .where(and(eq(bankAccounts.merchantId, scope.merchantId), eq(bankAccounts.isDefault, true)));
}

export async function insertBankAccount(db: Executor, values: typeof bankAccounts.$inferInsert) {
  const [row] = await db.insert(bankAccounts).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateBankAccount(db: Executor, id: number, values: Partial<typeof bankAccounts.$inferInsert>) {
  const [row] = await db
    .update(bankAccounts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(bankAccounts.id, id))
    .returning();
  return row!;
}

/** Every merchant's accounts for service agents, those awaiting verification first. */
export async function listForAgents(db: Executor, verification?: BankAccountRow['verification']) {
  return db
    .select({ account: bankAccounts, companyName: merchants.companyName })
    .from(bankAccounts)
    .innerJoin(merchants, eq(merchants.id, bankAccounts.merchantId))
    .where(verification ? eq(bankAccounts.verification, verification) : undefined)
    .orderBy(sql`${bankAccounts.verification} = 'verifying' desc`, desc(bankAccounts.updatedAt))
    .limit(500);
}
