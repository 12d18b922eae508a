import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { transactionStatuses } from '@sbo/contracts/constants';

/** Revenue summed over transaction rows `alias`: the SQL twin of `revenueOf` in @sbo/contracts/money. */
export const revenueSql = (alias: SQL = sql`t`): SQL =>
  sql`(coalesce(sum(${alias}.total), 0) - coalesce(sum(${alias}.refund), 0))`;

/** `column in (...)` over a status set from contracts, so SQL never spells statuses as bare numbers. */
export const statusIn = (column: SQL, statuses: readonly number[]): SQL =>
  sql`${column} in (${sql.join(
    statuses.map((status) => sql`${status}::int`),
    sql`, `,
  )})`;

/**
 * The sales that are money: all but the unverified ones (a machine's word no confirmed payment
 * matches), which stay out of revenue, totals and statistics. The rollups leave them out too
 * (`revenue_daily_add`, migration 0008). Card top-ups are money in the wallet but not revenue
 * (stored value is revenue when spent at a machine), so they are left out too (migration 0013).
 */
export const countedAsMoney = (alias: SQL = sql`t`): SQL =>
  sql`${alias}.status <> ${unverified} and ${alias}.purpose = 'sale'`;

/**
 * The unverified status written into the statement as a constant, not bound: a prepared statement's
 * generic plan can then use the partial index of the sales that are not money
 * (`transactions_not_money_idx`, `where status = 97 or purpose <> 'sale'`), which a parameter cannot
 * prove it matches (docs/performance.md, "50M sales, 20 users").
 */
const unverified = sql.raw(String(Math.trunc(transactionStatuses.unverified)));

/**
 * Revenue over the rows of `alias` that are money (`countedAsMoney`): the one revenue rule for a
 * query whose rows are not all sales that count (a left join, a mix of statuses), such as the
 * card machines' spend today.
 */
export const countedRevenueSql = (alias: SQL = sql`t`): SQL =>
  sql`(coalesce(sum(${alias}.total) filter (where ${countedAsMoney(alias)}), 0)
      - coalesce(sum(${alias}.refund) filter (where ${countedAsMoney(alias)}), 0))::bigint`;

/**
 * An amount PostgreSQL answers as bigint or numeric text (a money column, a sum): integer minor
 * units as a number. Money is read this way, never cast to float in SQL.
 */
export function minorUnits(value: unknown): number {
  if (value === null || value === undefined) return 0;
  const amount = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(amount)) throw new RangeError(`not an amount in minor units: ${String(value)}`);
  return amount;
}

/** The unverified sales, counted apart. */
export const unverifiedSale = (alias: SQL = sql`t`): SQL => sql`${alias}.status = ${unverified}`;

/**
 * A sum of minor-unit amounts (0 over no rows) read as an integer: PostgreSQL sums bigint as numeric,
 * which node-pg hands over as a string.
 */
export const sumMinor = (amount: SQLWrapper): SQL<number> =>
  sql<number>`coalesce(sum(${amount}), 0)`.mapWith(minorUnits);
