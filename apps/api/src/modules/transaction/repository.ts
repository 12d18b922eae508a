import { sql, type SQL } from 'drizzle-orm';
import { refundableStatuses, transactionStatuses, type PaymentGateway, type TransactionFilter } from '@sbo/contracts';
import type { Executor } from '../../db/client';
import type { OrderInfo } from '../../db/money-schema';
import { countedAsMoney, minorUnits, statusIn, unverifiedSale } from '../../lib/money-sql';
import { readDeviceWhitelist } from '../../scope/device-scope-repository';
import type { DeviceScope } from '../../scope/device-scope';

export type ResolvedFilter = Omit<TransactionFilter, 'from' | 'to'> & { from: Date; until: Date };

/** Whose sales a request may see: the merchant's, and with a device whitelist only those machines'. */
export type SalesScope = { merchantId: number; deviceIds: readonly number[] | null };

/** Reads the member's whitelist once (see scope/device-scope.ts), so sales queries carry a plain condition. */
export async function salesScope(db: Executor, scope: DeviceScope): Promise<SalesScope> {
  return { merchantId: scope.merchantId, deviceIds: await readDeviceWhitelist(db, scope) };
}

/** Every transaction query starts here, so none can forget the merchant or the whitelist. */
export function visibleTransactions(scope: SalesScope, alias = sql`t`): SQL {
  const merchant = sql`${alias}.merchant_id = ${scope.merchantId}`;
  if (scope.deviceIds === null) return merchant;
  if (scope.deviceIds.length === 0) return sql`${merchant} and false`;
  return sql`${merchant} and ${alias}.device_id in (${sql.join(
    scope.deviceIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

function whereOf(scope: SalesScope, filter: ResolvedFilter): SQL {
  const parts: SQL[] = [
    visibleTransactions(scope),
    sql`t.created_at >= ${filter.from.toISOString()}`,
    sql`t.created_at < ${filter.until.toISOString()}`,
  ];
  if (filter.placeId !== undefined) parts.push(sql`t.place_id = ${filter.placeId}`);
  if (filter.deviceId !== undefined) parts.push(sql`t.device_id = ${filter.deviceId}`);
  if (filter.payGateway !== undefined) parts.push(sql`t.pay_gateway = ${filter.payGateway}`);
  if (filter.status !== undefined) parts.push(sql`t.status = ${filter.status}`);
  return sql.join(parts, sql` and `);
}

export type TransactionRecord = {
  id: number;
  orderId: string | null;
  createdAt: Date;
  placeId: number | null;
  placeTitle: string | null;
  deviceId: number | null;
  deviceName: string | null;
  machineType: number | null;
  payGateway: PaymentGateway;
  expectPostingAt: Date | null;
  postedAt: Date | null;
  refundedAt: Date | null;
  withdrawalId: number | null;
  status: number;
  currency: string;
  total: number;
  reward: number;
  balance: number;
  encore: number;
  refund: number;
  collected: number;
  fee: number;
  orderInfo: OrderInfo;
  promotionId: number | null;
  promotionName: string | null;
  promotionDiscount: number;
  /** What the machine reported, kept when it was outside the clock tolerance (docs/money.md). */
  reportedAt: Date | null;
};

export const recordColumns = sql`t.id::int as "id", t.order_id as "orderId", t.created_at as "createdAt",
  t.place_id as "placeId", p.title as "placeTitle", t.device_id as "deviceId", d.name as "deviceName",
  t.machine_type as "machineType", t.pay_gateway as "payGateway", t.expect_posting_at as "expectPostingAt",
  t.posted_at as "postedAt", t.refunded_at as "refundedAt", t.withdrawal_id::int as "withdrawalId",
  t.status::int as "status", t.currency, t.total as "total", t.reward as "reward",
  t.balance as "balance", t.encore as "encore", t.refund as "refund",
  t.collected as "collected", t.fee as "fee", t.order_info as "orderInfo",
  t.promotion_id as "promotionId", pr.name as "promotionName", t.promotion_discount as "promotionDiscount",
  t.reported_at as "reportedAt"`;
export const recordJoins = sql`transactions t left join places p on p.id = t.place_id left join devices d on d.id = t.device_id
  left join promotions pr on pr.id = t.promotion_id and pr.merchant_id = t.merchant_id`;

/** The amounts the records' totals sum. */
const summedAmounts = ['total', 'reward', 'balance', 'encore', 'refund'] as const;

/** These columns of a row as integer minor units (`execute` answers bigint as text). */
const amounts = <K extends string>(row: Record<string, unknown>, keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, minorUnits(row[key])])) as Record<K, number>;

/** `execute` hands timestamps back as text and bigint amounts as text: normalise (money to minor units). */
export function toRecord(row: Record<string, unknown>): TransactionRecord {
  const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
  return {
    ...(row as TransactionRecord),
    ...amounts(row, [...summedAmounts, 'collected', 'fee', 'promotionDiscount']),
    createdAt: date(row.createdAt)!,
    expectPostingAt: date(row.expectPostingAt),
    postedAt: date(row.postedAt),
    refundedAt: date(row.refundedAt),
    reportedAt: date(row.reportedAt),
  };
}

export type PageRequest = { page: number; pageSize: number; sort: 'createdAt' | 'total'; order: 'asc' | 'desc' };

export async function listTransactions(db: Executor, scope: SalesScope, filter: ResolvedFilter, page: PageRequest) {
  // Null placement matches the (merchant_id, created_at desc nulls last, id desc nulls last) index,
  // read forwards or backwards, so a page is an index walk and not a sort of the whole range.
  const direction = page.order === 'asc' ? sql`asc nulls first` : sql`desc nulls last`;
  const sortColumn = page.sort === 'total' ? sql`t.total` : sql`t.created_at`;
  const result = await db.execute(sql`select ${recordColumns} from ${recordJoins}
    where ${whereOf(scope, filter)}
    order by ${sortColumn} ${direction}, t.id ${direction}
    limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`);
  return result.rows.map(toRecord);
}

export type Totals = { count: number; total: number; reward: number; balance: number; encore: number; refund: number };

/** Totals as SQL answers them (sums as bigint text): integer minor units. */
export const toTotals = (row: Record<string, unknown>): Totals => ({
  count: Number(row.count ?? 0),
  ...amounts(row, summedAmounts),
});

export async function sumTransactions(db: Executor, scope: SalesScope, filter: ResolvedFilter): Promise<Totals> {
  const result = await db.execute(sql`select count(*)::int as "count",
      coalesce(sum(t.total), 0)::bigint as "total", coalesce(sum(t.reward), 0)::bigint as "reward",
      coalesce(sum(t.balance), 0)::bigint as "balance", coalesce(sum(t.encore), 0)::bigint as "encore",
      coalesce(sum(t.refund), 0)::bigint as "refund"
    from transactions t where ${whereOf(scope, filter)} and ${countedAsMoney()}`);
  return toTotals(result.rows[0]!);
}

/** Unverified sales (not money, so in no totals): how many and what the machines said they took. */
export async function sumUnverified(
  db: Executor,
  scope: SalesScope,
  filter: ResolvedFilter,
): Promise<{ count: number; total: number }> {
  const result = await db.execute<{ count: number; total: string }>(sql`select count(*)::int as "count",
      coalesce(sum(t.total), 0)::bigint as "total"
    from transactions t where ${whereOf(scope, filter)} and ${unverifiedSale()}`);
  const row = result.rows[0]!;
  return { count: row.count, total: minorUnits(row.total) };
}

/**
 * The same totals from the daily rollup: exact whenever the range is whole days of the merchant's
 * own timezone and no status filter applies, and far cheaper over months of sales.
 */
export async function sumFromRollup(
  db: Executor,
  scope: SalesScope,
  filter: Omit<ResolvedFilter, 'from' | 'until' | 'status'> & { firstDay: string; lastDay: string },
): Promise<Totals> {
  const source = rollupSource(scope, {
    perMachine: filter.deviceId !== undefined,
    perPlace: filter.placeId !== undefined,
    gatewayless: filter.payGateway === undefined,
  });
  const parts: SQL[] = [source.visible, sql`r.day between ${filter.firstDay} and ${filter.lastDay}`];
  if (filter.placeId !== undefined) parts.push(sql`r.place_id = ${filter.placeId}`);
  if (filter.deviceId !== undefined) parts.push(sql`r.device_id = ${filter.deviceId}`);
  if (filter.payGateway !== undefined) parts.push(sql`r.pay_gateway = ${filter.payGateway}`);
  const result = await db.execute(sql`select coalesce(sum(r.count), 0)::int as "count",
      coalesce(sum(r.total), 0)::bigint as "total", coalesce(sum(r.reward), 0)::bigint as "reward",
      coalesce(sum(r.balance), 0)::bigint as "balance",
      coalesce(sum(r.encore), 0)::bigint as "encore", coalesce(sum(r.refund), 0)::bigint as "refund"
    from ${source.table} r where ${sql.join(parts, sql` and `)}`);
  return toTotals(result.rows[0]!);
}

/**
 * What a rollup must still tell apart: machines (a machine filter or grouping) or places; and, when
 * machines matter, whether gateways do too (`gatewayless`: no gateway filter or grouping). One
 * machine's days without the gateway are read from the index on the machine and day alone, which
 * carries the sums (migration 0032).
 */
export type RollupGrain = { perMachine: boolean; perPlace: boolean; gatewayless?: boolean };

/**
 * Which rollup answers: per machine when machines matter (a machine filter or grouping, a
 * whitelist), without the gateway when it does not matter, per place when places do (a place filter
 * or grouping), else per merchant, which holds a merchant's three months in a few thousand rows
 * whatever its places and machines.
 */
export function rollupSource(scope: SalesScope, grain: RollupGrain): { table: SQL; visible: SQL; monthly: boolean } {
  const perMachine = grain.perMachine || scope.deviceIds !== null;
  const table = rollupTable({ ...grain, perMachine });
  return {
    table,
    visible: perMachine ? visibleTransactions(scope, sql`r`) : sql`r.merchant_id = ${scope.merchantId}`,
    // The machine rollup without the gateway is also kept per month (`revenue_monthly_device`).
    monthly: perMachine && grain.gatewayless === true,
  };
}

/** The rollup table for a grain (`rollupSource`'s choice; a whitelist counts as `perMachine`). */
export function rollupTable(grain: RollupGrain): SQL {
  if (grain.perMachine) return grain.gatewayless ? sql`revenue_daily_device` : sql`revenue_daily`;
  return grain.perPlace ? sql`revenue_daily_place` : sql`revenue_daily_merchant`;
}

export async function findTransaction(db: Executor, scope: SalesScope, id: number) {
  const result = await db.execute(
    sql`select ${recordColumns} from ${recordJoins} where ${visibleTransactions(scope)} and t.id = ${id}`,
  );
  const row = result.rows[0];
  return row ? toRecord(row) : null;
}

/** The sale, locked for a change of status (after the merchant's lock: see `refund` in the service). */
export async function lockTransaction(db: Executor, scope: SalesScope, id: number) {
  const locked = await db.execute(
    sql`select t.id from transactions t where ${visibleTransactions(scope)} and t.id = ${id} for no key update`,
  );
  return locked.rows.length > 0 ? findTransaction(db, scope, id) : null;
}

/** Rows after `afterId` in creation order, for streaming an export in batches. */
export async function exportBatch(
  db: Executor,
  scope: SalesScope,
  filter: ResolvedFilter,
  after: { createdAt: Date; id: number } | null,
  size: number,
) {
  const cursor = after
    ? sql`and (t.created_at, t.id) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`
    : sql``;
  const result = await db.execute(sql`select ${recordColumns} from ${recordJoins}
    where ${whereOf(scope, filter)} ${cursor}
    order by t.created_at desc nulls last, t.id desc nulls last limit ${size}`);
  return result.rows.map(toRecord);
}

/** The sales one withdrawal paid out, newest first. */
export async function listTransactionsOfWithdrawal(
  db: Executor,
  scope: SalesScope,
  withdrawalId: number,
  page: { page: number; pageSize: number },
) {
  const where = sql`${visibleTransactions(scope)} and t.withdrawal_id = ${withdrawalId}`;
  const [rows, counted] = await Promise.all([
    db.execute(sql`select ${recordColumns} from ${recordJoins} where ${where}
      order by t.created_at desc nulls last, t.id desc nulls last limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from transactions t where ${where}`),
  ]);
  return { rows: rows.rows.map(toRecord), total: counted.rows[0]?.n ?? 0 };
}

/** A full refund: only before the money left in a withdrawal. Returns null when the sale cannot be refunded. */
export async function refundTransaction(db: Executor, scope: SalesScope, id: number, now: Date) {
  const result =
    await db.execute(sql`update transactions t set refund = t.total, status = ${transactionStatuses.refunded}, refunded_at = ${now.toISOString()}
     where ${visibleTransactions(scope)} and t.id = ${id} and ${statusIn(sql`t.status`, refundableStatuses)} returning t.id`);
  return result.rows.length > 0;
}
