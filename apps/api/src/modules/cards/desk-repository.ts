import { and, eq, sql } from 'drizzle-orm';
import { refundableStatuses, transactionStatuses, type CardReaderCode } from '@sbo/contracts';
import type { Executor } from '../../db/client';
import { insertSale } from '../../lib/sale-repository';
import { cardEntries, transactions } from '../../db/schema';
import { statusIn } from '../../lib/money-sql';

// The SQL of card payments at machines: authorizations, their sales and their refunds.

export type MachineRow = { deviceId: number; merchantId: number; placeId: number | null; machineType: number };

export async function findMachine(db: Executor, hwid: string): Promise<MachineRow | null> {
  const result = await db.execute<Record<string, number | null>>(sql`
    select d.id as device_id, d.merchant_id, d.place_id, d.machine_type
      from device_hardware h join devices d on d.id = h.device_id where h.hwid = ${hwid}`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    deviceId: Number(row.device_id),
    merchantId: Number(row.merchant_id),
    placeId: row.place_id === null ? null : Number(row.place_id),
    machineType: Number(row.machine_type ?? 0),
  };
}

export type AuthorizationRow = {
  id: number;
  cardId: number | null;
  cardNumber: string;
  amount: number;
  result: CardReaderCode;
  orderId: string | null;
  transactionId: number | null;
  balanceUsed: number;
  pointsUsed: number;
  rewardUsed: number;
  voidedAt: Date | null;
};

const toAuthorization = (r: Record<string, unknown>): AuthorizationRow => ({
  id: Number(r.id),
  cardId: r.card_id === null ? null : Number(r.card_id),
  cardNumber: String(r.card_number),
  amount: Number(r.amount),
  result: r.result as CardReaderCode,
  orderId: (r.order_id as string | null) ?? null,
  transactionId: r.transaction_id === null ? null : Number(r.transaction_id),
  balanceUsed: Number(r.balance_used),
  pointsUsed: Number(r.points_used),
  rewardUsed: Number(r.reward_used),
  voidedAt: r.voided_at ? new Date(r.voided_at as string) : null,
});

/** Claims a (device, request id): null when it was already claimed (the repeat answers the stored result). */
export async function claimRequest(
  tx: Executor,
  row: { merchantId: number; deviceId: number; requestId: string; cardNumber: string; amount: number },
): Promise<number | null> {
  const result = await tx.execute<{ id: string }>(sql`
    insert into card_authorizations (merchant_id, device_id, request_id, card_number, amount, result)
    values (${row.merchantId}, ${row.deviceId}, ${row.requestId}, ${row.cardNumber}, ${row.amount}, '0004')
    on conflict (device_id, request_id) do nothing returning id`);
  return result.rows[0] ? Number(result.rows[0].id) : null;
}

/** A request id voided before its authorize arrived: kept as timed out, so the authorize cannot charge. */
export async function claimVoided(
  db: Executor,
  row: { merchantId: number; deviceId: number; requestId: string; at: Date },
): Promise<void> {
  await db.execute(sql`
    insert into card_authorizations (merchant_id, device_id, request_id, card_number, amount, result, voided_at)
    values (${row.merchantId}, ${row.deviceId}, ${row.requestId}, '', 0, '0003', ${row.at.toISOString()})
    on conflict (device_id, request_id) do nothing`);
}

export async function findAuthorization(
  db: Executor,
  deviceId: number,
  requestId: string,
  lock = false,
): Promise<AuthorizationRow | null> {
  const forUpdate = lock ? sql` for update` : sql``;
  const result = await db.execute(
    sql`select * from card_authorizations where device_id = ${deviceId} and request_id = ${requestId}${forUpdate}`,
  );
  return result.rows[0] ? toAuthorization(result.rows[0]) : null;
}

export async function finishAuthorization(
  tx: Executor,
  id: number,
  answer: {
    result: CardReaderCode;
    cardId?: number | null;
    orderId?: string | null;
    transactionId?: number | null;
    balanceUsed?: number;
    pointsUsed?: number;
    rewardUsed?: number;
  },
): Promise<void> {
  await tx.execute(sql`
    update card_authorizations set result = ${answer.result}, card_id = ${answer.cardId ?? null},
           order_id = ${answer.orderId ?? null}, transaction_id = ${answer.transactionId ?? null},
           balance_used = ${answer.balanceUsed ?? 0}, points_used = ${answer.pointsUsed ?? 0},
           reward_used = ${answer.rewardUsed ?? 0}
     where id = ${id}`);
}

export async function markVoided(tx: Executor, id: number, at: Date): Promise<void> {
  await tx.execute(sql`update card_authorizations set voided_at = ${at.toISOString()} where id = ${id}`);
}

/** The card sale: one transaction, self-settled, under the program's gateway and the authorization's order id. */
export async function insertCardSale(
  tx: Executor,
  sale: {
    merchantId: number;
    deviceId: number;
    orderId: string;
    payGateway: string;
    amount: number;
    balanceUsed: number;
    rewardUsed: number;
    at: Date;
  },
): Promise<number> {
  const id = await insertSale(tx, {
    merchantId: sale.merchantId,
    deviceId: sale.deviceId,
    orderId: sale.orderId,
    payGateway: sale.payGateway,
    status: transactionStatuses.selfSettled,
    total: sale.amount,
    balance: sale.balanceUsed,
    reward: sale.rewardUsed,
    collected: sale.amount,
    fee: 0,
    at: sale.at,
    postingDays: null,
  });
  return id!;
}

/** The sale of an authorization, locked before the card (the order every refund path takes). */
export async function lockSale(tx: Executor, merchantId: number, transactionId: number) {
  const result = await tx.execute<{ status: number }>(sql`
    select status::int as status from transactions where merchant_id = ${merchantId} and id = ${transactionId}
       for no key update`);
  return result.rows[0] ? { status: Number(result.rows[0].status) } : null;
}

export async function refundSale(tx: Executor, transactionId: number, at: Date): Promise<boolean> {
  const result = await tx.execute(sql`
    update transactions t set refund = t.total, status = ${transactionStatuses.refunded}, refunded_at = ${at.toISOString()}
     where t.id = ${transactionId} and ${statusIn(sql`t.status`, refundableStatuses)} returning t.id`);
  return result.rows.length > 0;
}

/** The approved card payment a machine's sale report names: same machine (and merchant), not voided. */
export async function findApprovedByOrder(db: Executor, hwid: string, orderId: string) {
  const result = await db.execute<{ order_id: string; amount: string; program: string }>(sql`
    select a.order_id, a.amount, c.program from card_authorizations a
      join device_hardware h on h.device_id = a.device_id
      join cards c on c.id = a.card_id
     where h.hwid = ${hwid} and a.order_id = ${orderId} and a.result = '0000' and a.voided_at is null`);
  const row = result.rows[0];
  return row ? { orderId: row.order_id, amount: Number(row.amount), program: row.program } : null;
}

/** The authorization behind a sale (a card spend), by the sale's merchant and order id. */
export async function findAuthorizationOfSale(db: Executor, merchantId: number, orderId: string) {
  const result = await db.execute(
    sql`select * from card_authorizations where merchant_id = ${merchantId} and order_id = ${orderId} and result = '0000'`,
  );
  return result.rows[0] ? toAuthorization(result.rows[0]) : null;
}

/** How long this transaction waits for a row another one holds before failing (lock_not_available). */
export async function setLockTimeout(tx: Executor, ms: number): Promise<void> {
  await tx.execute(sql.raw(`set local lock_timeout = ${Math.max(1, Math.round(ms))}`));
}

/** Whether the ledger already holds an entry from this source (a refund written once). */
export async function hasEntryFrom(tx: Executor, merchantId: number, sourceId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: cardEntries.id })
    .from(cardEntries)
    .where(and(eq(cardEntries.merchantId, merchantId), eq(cardEntries.sourceId, sourceId)))
    .limit(1);
  return rows.length > 0;
}

/** The points a charge earned the card (its `pointsEarned` entries). */
export async function pointsEarnedBy(tx: Executor, merchantId: number, sourceId: string): Promise<number> {
  const rows = await tx
    .select({ points: sql<string>`coalesce(sum(${cardEntries.pointChange}), 0)::bigint` })
    .from(cardEntries)
    .where(
      and(
        eq(cardEntries.merchantId, merchantId),
        eq(cardEntries.sourceId, sourceId),
        eq(cardEntries.kind, 'pointsEarned'),
      ),
    );
  return Number(rows[0]?.points ?? 0);
}

/** What a sale was: a machine sale or a card top-up (`purpose`). */
export async function salePurpose(tx: Executor, merchantId: number, saleId: number) {
  const rows = await tx
    .select({ purpose: transactions.purpose })
    .from(transactions)
    .where(and(eq(transactions.merchantId, merchantId), eq(transactions.id, saleId)));
  return rows[0]?.purpose ?? null;
}
