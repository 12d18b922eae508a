import { sql, type SQL } from 'drizzle-orm';

/** Revenue summed over transaction rows `alias`: the SQL twin of `revenueOf` in @sbo/contracts/money. */
export const revenueSql = (alias: SQL = sql`t`): SQL =>
  sql`(coalesce(sum(${alias}.total), 0) - coalesce(sum(${alias}.refund), 0))`;

/** `column in (...)` over a status set from contracts, so SQL never spells statuses as bare numbers. */
export const statusIn = (column: SQL, statuses: readonly number[]): SQL =>
  sql`${column} in (${sql.join(
    statuses.map((status) => sql`${status}::int`),
    sql`, `,
  )})`;
