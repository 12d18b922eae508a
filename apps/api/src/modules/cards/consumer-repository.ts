import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { PaymentGateway } from '@sbo/contracts';
import type { Executor } from '../../db/client';
import { firstRow } from '../../lib/query-shapes';
import { insertSale, saleOfOrder } from '../../lib/sale-repository';
import { cardTopUps, smsCodes, type CardTopUpStatus } from '../../db/schema';

// The consumer's side of the cards: the place they are at, top-up orders, and SMS codes.

export type ConsumerPlace = {
  id: number;
  title: string;
  merchantId: number;
  merchantName: string;
  currency: string;
  mobilePaymentEnabled: boolean;
  gateways: PaymentGateway[];
};

/** A place by id, or the place of the machine with this hardware id (its QR code). */
export async function findPlace(db: Executor, by: { placeId?: number; hwid?: string }): Promise<ConsumerPlace | null> {
  const where =
    by.placeId !== undefined
      ? sql`p.id = ${by.placeId}`
      : sql`p.id = (select d.place_id from device_hardware h join devices d on d.id = h.device_id where h.hwid = ${by.hwid ?? ''})`;
  const result = await db.execute<Record<string, unknown>>(sql`
    select p.id, p.title, p.merchant_id, m.company_name, m.currency, m.mobile_payment_enabled, o.gateways
      from places p join merchants m on m.id = p.merchant_id
      left join place_payment_options o on o.place_id = p.id
     where ${where}`);
  const r = result.rows[0];
  if (!r) return null;
  return {
    id: Number(r.id),
    title: String(r.title),
    merchantId: Number(r.merchant_id),
    merchantName: String(r.company_name),
    currency: String(r.currency),
    mobilePaymentEnabled: Boolean(r.mobile_payment_enabled),
    gateways: (r.gateways as PaymentGateway[] | null) ?? [],
  };
}

export type TopUpRow = typeof cardTopUps.$inferSelect;

export async function insertTopUp(db: Executor, row: typeof cardTopUps.$inferInsert): Promise<TopUpRow | null> {
  const rows = await db.insert(cardTopUps).values(row).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function findTopUpByRequest(db: Executor, cardId: number, clientRequestId: string) {
  const rows = await db
    .select()
    .from(cardTopUps)
    .where(and(eq(cardTopUps.cardId, cardId), eq(cardTopUps.clientRequestId, clientRequestId)));
  return rows[0] ?? null;
}

export function findTopUp(db: Executor, publicId: string, lock = false): Promise<TopUpRow | null> {
  return firstRow(db.select().from(cardTopUps).where(eq(cardTopUps.publicId, publicId)), lock);
}

export async function findTopUpOfSale(db: Executor, merchantId: number, gateway: string, publicId: string) {
  const rows = await db
    .select()
    .from(cardTopUps)
    .where(
      and(eq(cardTopUps.merchantId, merchantId), eq(cardTopUps.gateway, gateway), eq(cardTopUps.publicId, publicId)),
    );
  return rows[0] ?? null;
}

export async function setTopUpPayment(
  db: Executor,
  id: number,
  payment: { providerPaymentId: string; redirectUrl: string },
) {
  await db.update(cardTopUps).set(payment).where(eq(cardTopUps.id, id));
}

/** Moves a top-up from one of `from` to `to`; false when another request moved it first. */
export async function moveTopUp(
  db: Executor,
  id: number,
  from: readonly CardTopUpStatus[],
  to: CardTopUpStatus,
  at: Date,
  transactionId?: number,
): Promise<boolean> {
  const result = await db.execute(sql`
    update card_top_ups set status = ${to}, updated_at = ${at.toISOString()},
           transaction_id = coalesce(${transactionId ?? null}::bigint, transaction_id)
     where id = ${id} and status in (${sql.join(
       from.map((s) => sql`${s}`),
       sql`, `,
     )}) returning id`);
  return result.rows.length > 0;
}

/** The top-up's sale: money the gateway took for the merchant, not revenue (`purpose` topUp). */
export async function insertTopUpSale(
  tx: Executor,
  sale: { order: TopUpRow; status: number; collected: number; fee: number; postingDays: number | null; at: Date },
): Promise<number> {
  const id = await insertSale(tx, { ...saleOfOrder(sale.order, sale), deviceId: null, purpose: 'topUp' });
  return id!;
}

export async function recentCodes(db: Executor, phone: string, since: Date) {
  return db
    .select({ createdAt: smsCodes.createdAt })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, since)))
    .orderBy(desc(smsCodes.createdAt));
}

export async function insertCode(db: Executor, row: typeof smsCodes.$inferInsert): Promise<void> {
  await db.insert(smsCodes).values(row);
}

/** The phone's newest unused, unexpired code for this merchant, locked while it is checked. */
export async function latestCode(db: Executor, merchantId: number, phone: string, now: Date) {
  const rows = await db
    .select()
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.merchantId, merchantId),
        eq(smsCodes.phone, phone),
        isNull(smsCodes.usedAt),
        gt(smsCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(smsCodes.createdAt))
    .limit(1)
    .for('update');
  return rows[0] ?? null;
}

export async function countAttempt(db: Executor, id: number, used: Date | null): Promise<void> {
  await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1`, ...(used ? { usedAt: used } : {}) })
    .where(eq(smsCodes.id, id));
}
