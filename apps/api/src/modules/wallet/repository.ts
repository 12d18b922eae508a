import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { walletStatuses } from '@sbo/contracts';
import type { Executor } from '../../db/client';
import { withdrawals } from '../../db/schema';
import { firstRow, readPage } from '../../lib/query-shapes';
import { minorUnits } from '../../lib/money-sql';
import type { MerchantScope } from '../../scope/merchant-scope';

const n = (value: unknown) => Number(value ?? 0);
const { settling, withdrawable, withdrawing, deposited } = walletStatuses;

/** The merchant's money by state: posted and withdrawable, still settling, on its way, arrived. */
export async function walletFigures(db: Executor, scope: MerchantScope) {
  const [sales, payouts] = await Promise.all([
    db.execute(sql`select
        coalesce(sum(collected) filter (where status = ${withdrawable}), 0)::bigint as "settlementAmount",
        coalesce(sum(fee) filter (where status = ${withdrawable}), 0)::bigint as "totalFee",
        count(*) filter (where status = ${withdrawable})::int as "transactionCount",
        coalesce(sum(collected - fee) filter (where status = ${settling}), 0)::bigint as "inSettlement"
      from transactions where merchant_id = ${scope.merchantId} and status in (${settling}, ${withdrawable})`),
    db.execute(sql`select
        coalesce(sum(total_amount) filter (where status = 'processing'), 0)::bigint as "processing",
        coalesce(sum(total_amount) filter (where status = 'completed'), 0)::bigint as "withdrawn"
      from withdrawals where merchant_id = ${scope.merchantId}`),
  ]);
  const s = sales.rows[0]!;
  const p = payouts.rows[0]!;
  return {
    settlementAmount: minorUnits(s.settlementAmount),
    totalFee: minorUnits(s.totalFee),
    transactionCount: n(s.transactionCount),
    inSettlement: minorUnits(s.inSettlement),
    processing: minorUnits(p.processing),
    withdrawn: minorUnits(p.withdrawn),
  };
}

/** The merchant's withdrawal that matches; another merchant's is never found. */
const findOwnWithdrawal = (db: Executor, scope: MerchantScope, match: SQL) =>
  firstRow(
    db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.merchantId, scope.merchantId), match)),
  );

export const findWithdrawal = (db: Executor, scope: MerchantScope, id: number) =>
  findOwnWithdrawal(db, scope, eq(withdrawals.id, id));

export const findWithdrawalByKey = (db: Executor, scope: MerchantScope, key: string) =>
  findOwnWithdrawal(db, scope, eq(withdrawals.idempotencyKey, key));

export async function insertWithdrawal(db: Executor, values: typeof withdrawals.$inferInsert) {
  const [row] = await db.insert(withdrawals).values(values).returning();
  return row!;
}

/**
 * Moves every withdrawable sale of the merchant into this withdrawal; returns what moved. Rows are
 * locked by id ascending, as every path that changes sales does (after the merchant's lock).
 */
export async function claimWithdrawable(db: Executor, scope: MerchantScope, withdrawalId: number) {
  const result = await db.execute(sql`with moved as (
      update transactions t set status = ${withdrawing}, withdrawal_id = ${withdrawalId}
        from (select id from transactions where merchant_id = ${scope.merchantId} and status = ${withdrawable}
               order by id for no key update) locked
       where t.id = locked.id and t.status = ${withdrawable}
      returning t.collected, t.fee)
    select count(*)::int as "count", coalesce(sum(collected), 0)::bigint as "collected",
           coalesce(sum(fee), 0)::bigint as "fee" from moved`);
  const row = result.rows[0]!;
  return { count: n(row.count), collected: minorUnits(row.collected), fee: minorUnits(row.fee) };
}

export async function updateWithdrawal(db: Executor, id: number, values: Partial<typeof withdrawals.$inferInsert>) {
  const [row] = await db.update(withdrawals).set(values).where(eq(withdrawals.id, id)).returning();
  return row!;
}

export async function listWithdrawals(db: Executor, scope: MerchantScope, page: { page: number; pageSize: number }) {
  const where = eq(withdrawals.merchantId, scope.merchantId);
  return readPage(
    page,
    (limit, offset) =>
      db
        .select()
        .from(withdrawals)
        .where(where)
        .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
        .limit(limit)
        .offset(offset),
    db.select({ value: count() }).from(withdrawals).where(where),
  );
}

/**
 * Sales due: in settlement past their posting time become withdrawable. One statement, safe to run
 * anywhere; rows locked by id ascending, so two instances running it queue rather than deadlock.
 * Only status 1 moves: unverified sales (97) never settle.
 */
export async function postDueTransactions(db: Executor, now: Date): Promise<number> {
  const result =
    await db.execute(sql`update transactions t set status = ${withdrawable}, posted_at = ${now.toISOString()}
      from (select id from transactions where status = ${settling} and expect_posting_at <= ${now.toISOString()}
             order by id for no key update) locked
     where t.id = locked.id and t.status = ${settling}`);
  return result.rowCount ?? 0;
}

/** The sandbox's payouts older than the delay: they arrive now. */
export async function dueSandboxPayouts(db: Executor, now: Date, delaySeconds: number) {
  const result = await db.execute<{
    id: number;
    merchantId: number;
  }>(sql`select id::int as "id", merchant_id as "merchantId"
      from withdrawals where status = 'processing' and provider = 'sandbox'
       and created_at <= ${now.toISOString()}::timestamptz - make_interval(secs => ${delaySeconds})
     order by merchant_id, id`);
  return result.rows;
}

/**
 * A payout arrived: the withdrawal completes and its sales are deposited (locked by id ascending,
 * after the merchant's lock). Does nothing to a withdrawal already completed.
 */
export async function completePayout(db: Executor, withdrawalId: number, now: Date): Promise<number> {
  const result = await db.execute(sql`with done as (
      update withdrawals set status = 'completed', completed_at = ${now.toISOString()}
       where id = ${withdrawalId} and status = 'processing'
      returning id)
    update transactions t set status = ${deposited}
      from (select id from transactions where withdrawal_id = ${withdrawalId} and status = ${withdrawing}
             order by id for no key update) locked
     where t.id = locked.id and exists (select 1 from done)`);
  return result.rowCount ?? 0;
}
