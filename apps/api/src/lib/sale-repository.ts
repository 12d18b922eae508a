import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { transactions, type OrderInfo } from '../db/money-schema';

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

/** The columns a sale's row is written with, each as SQL (a value, or a column of the statement's rows). */
type SaleColumn =
  | 'merchantId'
  | 'deviceEventId'
  | 'deviceId'
  | 'placeId'
  | 'machineType'
  | 'orderId'
  | 'payGateway'
  | 'purpose'
  | 'status'
  | 'currency'
  | 'total'
  | 'encore'
  | 'balance'
  | 'reward'
  | 'collected'
  | 'fee'
  | 'orderInfo'
  | 'promotionId'
  | 'promotionDiscount'
  | 'clockOff'
  | 'reportedAt';
type OptionalColumn = 'deviceEventId' | 'purpose' | 'encore' | 'balance' | 'reward' | 'clockOff' | 'reportedAt';

/**
 * A sale's row as SQL: its columns (left out: the column's default), when it was made (`at`, a
 * timestamptz) and how many days later its money is posted (`postingDays`, an int; null: never).
 */
export type SaleRowSql = { [C in Exclude<SaleColumn, OptionalColumn>]: SQL } & {
  [C in OptionalColumn]?: SQL;
} & { at: SQL; postingDays: SQL };

const transactionColumns = getTableColumns(transactions);

/**
 * The one insert of a sale's row, for a single sale (`insertSale`) and for a machine's sale stored
 * with its event (`gateway/event-repository.ts`): the row is created at `at` and its money posted
 * `postingDays` calendar days later (null days: never). `from` is the rest of the select that
 * gives the values (`from ... where ...`); `oncePerOrder`: a second sale of a payment order
 * records nothing instead of failing.
 */
export function saleInsertSql(row: SaleRowSql, from: SQL, options: { oncePerOrder: boolean }): SQL {
  const { at, postingDays, ...values } = row;
  const columns = Object.entries({
    ...values,
    createdAt: at,
    expectPostingAt: sql`${at} + make_interval(days => ${postingDays})`,
  }).filter((entry): entry is [keyof typeof transactionColumns, SQL] => entry[1] !== undefined);
  return sql`insert into ${transactions} (${sql.join(
    columns.map(([key]) => sql.identifier(transactionColumns[key].name)),
    sql`, `,
  )})
    select ${sql.join(
      columns.map(([, value]) => value),
      sql`, `,
    )}
    ${from}
    ${options.oncePerOrder ? sql`on conflict (merchant_id, pay_gateway, order_id) where order_id is not null do nothing` : sql``}`;
}

/**
 * Records a sale, the one insert of every sale made outside the device gateway (checkout orders,
 * card payments at machines, card top-ups); the gateway stores a machine's reported sale with its
 * event in one statement, through the same `saleInsertSql`. Returns the row's id, or null when the
 * machine is not the merchant's or (`oncePerOrder`) the order already made its sale.
 */
export async function insertSale(db: Executor, sale: NewSale): Promise<number | null> {
  const row: SaleRowSql = {
    merchantId: sql`m.id`,
    deviceId: sql`d.id`,
    placeId: sale.placeId === undefined ? sql`d.place_id` : sql`${sale.placeId}::int`,
    machineType: sql`d.machine_type`,
    orderId: sql`${sale.orderId}`,
    payGateway: sql`${sale.payGateway}`,
    purpose: sql`${sale.purpose ?? 'sale'}`,
    status: sql`${sale.status}`,
    currency: sale.currency === undefined ? sql`m.currency` : sql`${sale.currency}`,
    total: sql`${sale.total}`,
    balance: sql`${sale.balance ?? 0}`,
    reward: sql`${sale.reward ?? 0}`,
    collected: sql`${sale.collected}`,
    fee: sql`${sale.fee}`,
    orderInfo: sql`${JSON.stringify(sale.orderInfo ?? {})}::jsonb`,
    at: sql`${sale.at.toISOString()}::timestamptz`,
    postingDays: sql`${sale.postingDays}::int`,
    promotionId: sql`${sale.promotionId ?? null}::int`,
    promotionDiscount: sql`${sale.promotionDiscount ?? 0}`,
  };
  const from = sql`from merchants m left join devices d on d.id = ${sale.deviceId}::int and d.merchant_id = m.id
     where m.id = ${sale.merchantId} and (${sale.deviceId}::int is null or d.id is not null)`;
  const result = await db.execute<{ id: number }>(
    sql`${saleInsertSql(row, from, { oncePerOrder: sale.oncePerOrder ?? false })} returning id::int as id`,
  );
  return result.rows[0]?.id ?? null;
}
