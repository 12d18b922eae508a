import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { sandboxPayments, sandboxRefunds, type SandboxPaymentState } from '../db/schema';

export type SandboxPayment = typeof sandboxPayments.$inferSelect;
type NewSandboxPayment = typeof sandboxPayments.$inferInsert;

/** Stores a new payment; null when the merchant already has one for this order id. */
export async function insertSandboxPayment(db: Executor, payment: NewSandboxPayment): Promise<SandboxPayment | null> {
  const rows = await db.insert(sandboxPayments).values(payment).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

/** The consumer's page reads a payment by its unguessable id alone. */
export async function findSandboxPayment(db: Executor, id: string): Promise<SandboxPayment | null> {
  const rows = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
  return rows[0] ?? null;
}

export async function findMerchantSandboxPayment(
  db: Executor,
  merchantId: number,
  lookup: { id: string } | { orderId: string },
): Promise<SandboxPayment | null> {
  const match = 'id' in lookup ? eq(sandboxPayments.id, lookup.id) : eq(sandboxPayments.orderId, lookup.orderId);
  const rows = await db
    .select()
    .from(sandboxPayments)
    .where(and(eq(sandboxPayments.merchantId, merchantId), match));
  return rows[0] ?? null;
}

/** The consumer's choice, taken once: only a pending payment moves; null if it was decided already. */
export async function decideSandboxPayment(
  db: Executor,
  id: string,
  state: Extract<SandboxPaymentState, 'approved' | 'declined'>,
  at: Date,
): Promise<SandboxPayment | null> {
  const rows = await db
    .update(sandboxPayments)
    .set({ state, decidedAt: at })
    .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.state, 'pending')))
    .returning();
  return rows[0] ?? null;
}

/**
 * The shop's confirmation, finalised once: an approved payment becomes paid, a declined one is
 * marked confirmed. One conditional UPDATE, so concurrent repeats cannot both win.
 */
export async function confirmSandboxPayment(
  db: Executor,
  merchantId: number,
  id: string,
  from: Extract<SandboxPaymentState, 'approved' | 'declined'>,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(sandboxPayments)
    .set({ state: from === 'approved' ? 'paid' : 'declined', confirmedAt: at })
    .where(
      and(
        eq(sandboxPayments.id, id),
        eq(sandboxPayments.merchantId, merchantId),
        eq(sandboxPayments.state, from),
        sql`${sandboxPayments.confirmedAt} is null`,
      ),
    )
    .returning({ id: sandboxPayments.id });
  return rows.length === 1;
}

/** Takes a refund off a paid payment if it fits in what is left; false when it does not. */
export async function refundSandboxPayment(
  db: Executor,
  merchantId: number,
  id: string,
  refundId: string,
  amount: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(sandboxPayments)
      .set({
        refunded: sql`${sandboxPayments.refunded} + ${amount}`,
        state: sql`case when ${sandboxPayments.refunded} + ${amount} = ${sandboxPayments.amount} then 'refunded' else ${sandboxPayments.state} end`,
      })
      .where(
        and(
          eq(sandboxPayments.id, id),
          eq(sandboxPayments.merchantId, merchantId),
          inArray(sandboxPayments.state, ['paid']),
          sql`${sandboxPayments.refunded} + ${amount} <= ${sandboxPayments.amount}`,
        ),
      )
      .returning({ id: sandboxPayments.id });
    if (rows.length === 0) return false;
    await tx.insert(sandboxRefunds).values({ id: refundId, paymentId: id, amount });
    return true;
  });
}
