import { sql, type SQL } from 'drizzle-orm';
import type { RevenueStatistics, StatisticsQuery, StatisticsRow } from '@sbo/contracts';
import type { Database } from '../../db/client';
import { formatDay } from '../../lib/day-range';
import { addDays, compareDays, type Day } from '../../lib/time-zone';
import type { DeviceScope } from '../../scope/device-scope';
import { rollupSource, visibleTransactions, type SalesScope } from './repository';
import type { TransactionService } from './service';

type Bucket = { key: string; count: number; total: number; refund: number };

const isoWeekStart = (day: Day): Day => {
  const weekday = new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
};

/** Every day, week or month of the range, so a chart shows quiet days as zero rather than skipping them. */
function timeKeys(first: Day, last: Day, groupBy: 'day' | 'week' | 'month'): string[] {
  const keys = new Set<string>();
  for (let day = first; compareDays(day, last) <= 0; day = addDays(day, 1)) {
    if (groupBy === 'day') keys.add(formatDay(day));
    else if (groupBy === 'week') keys.add(formatDay(isoWeekStart(day)));
    else keys.add(formatDay(day).slice(0, 7));
  }
  return [...keys];
}

/**
 * Revenue statistics (spec section 2): count, total, refunds and revenue over the range, grouped by
 * day, week, month, place, device, machine type or payment gateway. Reads the daily rollup when the
 * days asked for are the merchant's own; another zone is answered from the transactions themselves.
 */
export function createStatisticsService(deps: { db: Database; transactions: TransactionService }) {
  const { db, transactions } = deps;

  async function buckets(
    scope: SalesScope,
    query: StatisticsQuery,
    fromRollup: boolean,
    range: { firstDay: string; lastDay: string; from: Date; until: Date; timeZone: string },
  ): Promise<Bucket[]> {
    const rollup = rollupSource(scope, query.groupBy === 'device' || query.deviceId !== undefined);
    const source = fromRollup
      ? {
          table: sql`${rollup.table} r`,
          day: sql`r.day`,
          count: sql`r.count`,
          where: [rollup.visible, sql`r.day between ${range.firstDay} and ${range.lastDay}`],
          alias: sql`r`,
        }
      : {
          table: sql`transactions t`,
          day: sql`(t.created_at at time zone ${range.timeZone})::date`,
          count: sql`1`,
          where: [
            visibleTransactions(scope),
            sql`t.created_at >= ${range.from.toISOString()}`,
            sql`t.created_at < ${range.until.toISOString()}`,
          ],
          alias: sql`t`,
        };
    const a = source.alias;
    const where: SQL[] = [...source.where];
    if (query.placeId !== undefined) where.push(sql`${a}.place_id = ${query.placeId}`);
    if (query.deviceId !== undefined) where.push(sql`${a}.device_id = ${query.deviceId}`);
    if (query.payGateway !== undefined) where.push(sql`${a}.pay_gateway = ${query.payGateway}`);
    const key = {
      day: sql`to_char(${source.day}, 'YYYY-MM-DD')`,
      week: sql`to_char(date_trunc('week', ${source.day}), 'YYYY-MM-DD')`,
      month: sql`to_char(${source.day}, 'YYYY-MM')`,
      place: sql`coalesce(${a}.place_id, 0)::text`,
      device: sql`coalesce(${a}.device_id, 0)::text`,
      machineType: sql`coalesce(${a}.machine_type, 0)::text`,
      payGateway: sql`${a}.pay_gateway`,
    }[query.groupBy];
    const result = await db.execute<Bucket>(sql`select ${key} as "key", sum(${source.count})::int as "count",
        coalesce(sum(${a}.total), 0)::float8 as "total", coalesce(sum(${a}.refund), 0)::float8 as "refund"
      from ${source.table} where ${sql.join(where, sql` and `)} group by 1`);
    return result.rows;
  }

  async function labels(scope: DeviceScope, groupBy: StatisticsQuery['groupBy'], keys: string[]) {
    const ids = keys.map(Number).filter((id) => id > 0);
    if (ids.length === 0 || (groupBy !== 'place' && groupBy !== 'device')) return new Map<string, string>();
    const table = groupBy === 'place' ? sql`places` : sql`devices`;
    const name = groupBy === 'place' ? sql`title` : sql`name`;
    const result = await db.execute<{ id: number; name: string }>(
      sql`select id, ${name} as "name" from ${table} where merchant_id = ${scope.merchantId}
            and id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
    );
    return new Map(result.rows.map((row) => [String(row.id), row.name]));
  }

  return {
    async revenue(scope: DeviceScope, query: StatisticsQuery, tz: string | null): Promise<RevenueStatistics> {
      const zone = await transactions.zoneOf(scope, tz);
      const { range } = transactions.resolve(query, zone.timeZone);
      const firstDay = formatDay(range.first);
      const lastDay = formatDay(range.last);
      const rows = await buckets(zone.visible, query, zone.timeZone === zone.merchantZone, {
        firstDay,
        lastDay,
        from: range.from,
        until: range.until,
        timeZone: zone.timeZone,
      });
      const byKey = new Map(rows.map((row) => [row.key, row]));
      const isTime = query.groupBy === 'day' || query.groupBy === 'week' || query.groupBy === 'month';
      const keys = isTime
        ? timeKeys(range.first, range.last, query.groupBy as 'day' | 'week' | 'month')
        : [...byKey.values()].sort((a, b) => b.total - a.total).map((row) => row.key);
      const names = await labels(scope, query.groupBy, keys);
      const result: StatisticsRow[] = keys.map((key) => {
        const row = byKey.get(key) ?? { key, count: 0, total: 0, refund: 0 };
        return { ...row, label: names.get(key) ?? key, revenue: row.total - row.refund };
      });
      const totals = result.reduce(
        (sum, row) => ({
          count: sum.count + row.count,
          total: sum.total + row.total,
          refund: sum.refund + row.refund,
          revenue: sum.revenue + row.revenue,
        }),
        { count: 0, total: 0, refund: 0, revenue: 0 },
      );
      return { groupBy: query.groupBy, from: firstDay, to: lastDay, currency: zone.currency, rows: result, totals };
    },
  };
}
export type StatisticsService = ReturnType<typeof createStatisticsService>;
