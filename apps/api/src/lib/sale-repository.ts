import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import type { OrderInfo } from '../db/money-schema';

/** A sale to record: one `transactions` row (amounts in minor units). */
export type NewSale = {
  merchantId: number;
  /** The machine that sold (of this merchant): its type, and its place unless `placeId` says, are copied. */
  deviceId: number | null;
  /** Where the sale happened; by default where the machine stands. */
  placeId?: number | null;
  orderId: string;
  payGateway: string;
  /** A machine's sale is revenue; a card top-up is money held for the card, not revenue. */
  purpose?: 'sale' | 'topUp';
  status: number;
  /** By default the merchant's currency. */
  currency?: string;
  total: number;
  balance?: number;
  reward?: number;
  collected: number;
  fee: number;
  orderInfo?: OrderInfo;
  at: Date;
  /** Days after the sale its money is posted (withdrawable); null: it never settles through the platform. */
  postingDays: number | null;
  promotionId?: number | null;
  promotionDiscount?: number;
  /** The payment order makes one sale: a second insert of it records nothing (null) instead of failing. */
  oncePerOrder?: boolean;
};

/** A payment order paid through a gateway (a checkout order, a card top-up order). */
type PaidOrder = {
  merchantId: number;
  placeId: number | null;
  publicId: string;
  gateway: string;
  currency: string;
  amount: number;
};

/** The sale of a paid order: its amount, at its place, under its gateway and public id. */
export const saleOfOrder = (
  order: PaidOrder,
  money: { status: number; collected: number; fee: number; postingDays: number | null; at: Date },
) => ({
  merchantId: order.merchantId,
  placeId: order.placeId,
  orderId: order.publicId,
  payGateway: order.gateway,
  currency: order.currency,
  total: order.amount,
  status: money.status,
  collected: money.collected,
  fee: money.fee,
  postingDays: money.postingDays,
  at: money.at,
});

/** When a sale's money is posted: `postingDays` calendar days after it, or never (null). */
export const postingAt = (at: Date, postingDays: number | null): SQL =>
  postingDays === null ? sql`null` : sql`${at.toISOString()}::timestamptz + make_interval(days => ${postingDays}::int)`;

/**
 * Records a sale, the one insert of every sale made outside the device gateway (checkout orders,
 * card payments at machines, card top-ups); the gateway stores a machine's reported sale with its
 * event in one statement (`gateway/event-repository.ts`). Returns the row's id, or null when the
 * machine is not the merchant's or (`oncePerOrder`) the order already made its sale.
 */
export async function insertSale(db: Executor, sale: NewSale): Promise<number | null> {
  const place = sale.placeId === undefined ? sql`d.place_id` : sql`${sale.placeId}::int`;
  const currency = sale.currency === undefined ? sql`m.currency` : sql`${sale.currency}`;
  const result = await db.execute<{ id: number }>(sql`
    insert into transactions (merchant_id, device_id, place_id, machine_type, order_id, pay_gateway, purpose, status,
                              currency, total, balance, reward, collected, fee, order_info, created_at,
                              expect_posting_at, promotion_id, promotion_discount)
    select m.id, d.id, ${place}, d.machine_type, ${sale.orderId}, ${sale.payGateway}, ${sale.purpose ?? 'sale'},
           ${sale.status}, ${currency}, ${sale.total}, ${sale.balance ?? 0}, ${sale.reward ?? 0}, ${sale.collected},
           ${sale.fee}, ${JSON.stringify(sale.orderInfo ?? {})}::jsonb, ${sale.at.toISOString()}::timestamptz,
           ${postingAt(sale.at, sale.postingDays)}, ${sale.promotionId ?? null}::int, ${sale.promotionDiscount ?? 0}
      from merchants m left join devices d on d.id = ${sale.deviceId}::int and d.merchant_id = m.id
     where m.id = ${sale.merchantId} and (${sale.deviceId}::int is null or d.id is not null)
    ${sale.oncePerOrder ? sql`on conflict (merchant_id, pay_gateway, order_id) where order_id is not null do nothing` : sql``}
    returning id::int as id`);
  return result.rows[0]?.id ?? null;
}
