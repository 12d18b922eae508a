import { sql, type SQL } from 'drizzle-orm';
import type { StatisticsQuery } from '@sbo/contracts';
import type { Executor } from '../../db/client';
import { formatDay } from '../../lib/day-range';
import { countedAsMoney, minorUnits } from '../../lib/money-sql';
import { addDays, addMonths, compareDays, parseDay, type Day } from '../../lib/time-zone';
import type { DeviceScope } from '../../scope/device-scope';
import { rollupSource, visibleTransactions, type SalesScope } from './repository';

type Bucket = { key: string; count: number; total: number; refund: number };

/** A range of days as read from a monthly rollup: its whole months, and the days to add or subtract. */
export type MonthlyReading = { months: string[]; add: [string, string][]; subtract: [string, string][] };

/**
 * How the days `firstDay`..`lastDay` read from the monthly rollup. A month the range covers whole is its
 * month's row. A month it covers in part is its days in the range from the daily rollup, or, when the
 * month has fewer days outside the range than in it, the month's row less its days outside: never more
 * than half a month of daily rows at either end.
 */
export function monthlyReading(firstDay: string, lastDay: string): MonthlyReading {
  const first = parseDay(firstDay);
  const last = parseDay(lastDay);
  if (!first || !last) throw new RangeError(`not a range of days: ${firstDay}..${lastDay}`);
  const reading: MonthlyReading = { months: [], add: [], subtract: [] };
  const later = (a: Day, b: Day) => (compareDays(a, b) >= 0 ? a : b);
  const earlier = (a: Day, b: Day) => (compareDays(a, b) <= 0 ? a : b);
  const length = (from: Day, to: Day) =>
    Math.round((Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / 86_400_000) +
    1;
  for (let start: Day = { ...first, day: 1 }; compareDays(start, last) <= 0;) {
    const end = addDays(addMonths(start, 1), -1);
    const from = later(first, start);
    const to = earlier(last, end);
    const inside = length(from, to);
    const outside = length(start, end) - inside;
    if (outside === 0) reading.months.push(formatDay(start));
    else if (outside < inside) {
      reading.months.push(formatDay(start));
      if (compareDays(from, start) > 0) reading.subtract.push([formatDay(start), formatDay(addDays(from, -1))]);
      if (compareDays(to, end) < 0) reading.subtract.push([formatDay(addDays(to, 1)), formatDay(end)]);
    } else reading.add.push([formatDay(from), formatDay(to)]);
    start = addDays(end, 1);
  }
  return reading;
}

/**
 * Count, total and refunds per group: from the daily rollup when the days asked for are the
 * merchant's own, else from the transactions themselves in the request's zone.
 */
export async function revenueBuckets(
  db: Executor,
  scope: SalesScope,
  query: StatisticsQuery,
  fromRollup: boolean,
  range: { firstDay: string; lastDay: string; from: Date; until: Date; timeZone: string },
  options: { monthly?: boolean } = {},
): Promise<Bucket[]> {
  const rollup = rollupSource(scope, {
    perMachine: query.groupBy === 'device' || query.deviceId !== undefined,
    perPlace: query.groupBy === 'place' || query.placeId !== undefined,
    gatewayless: query.groupBy !== 'payGateway' && query.payGateway === undefined,
  });
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
          countedAsMoney(),
        ],
        alias: sql`t`,
      };
  const a = source.alias;
  const where: SQL[] = [...source.where];
  if (query.placeId !== undefined) where.push(sql`${a}.place_id = ${query.placeId}`);
  if (query.deviceId !== undefined) where.push(sql`${a}.device_id = ${query.deviceId}`);
  if (query.payGateway !== undefined) where.push(sql`${a}.pay_gateway = ${query.payGateway}`);
  // Rows are grouped by the bare value (a date, an id) and the group's key written once per group, not
  // per row before grouping: over the largest merchant's three months at 50M sales, by day 107 ms
  // instead of 145, by machine half the CPU (docs/performance.md, "50M sales, 20 users").
  const group = {
    day: source.day,
    week: sql`date_trunc('week', ${source.day})`,
    month: sql`date_trunc('month', ${source.day})`,
    place: sql`coalesce(${a}.place_id, 0)`,
    device: sql`coalesce(${a}.device_id, 0)`,
    machineType: sql`coalesce(${a}.machine_type, 0)`,
    payGateway: sql`${a}.pay_gateway`,
  }[query.groupBy];
  const key = {
    day: sql`to_char(g.k, 'YYYY-MM-DD')`,
    week: sql`to_char(g.k, 'YYYY-MM-DD')`,
    month: sql`to_char(g.k, 'YYYY-MM')`,
    place: sql`g.k::text`,
    device: sql`g.k::text`,
    machineType: sql`g.k::text`,
    payGateway: sql`g.k`,
  }[query.groupBy];
  const filters = where.slice(source.where.length);
  // Grouped by what is not time (a machine, place or type) over a rollup also kept per month: the
  // range's whole months from the monthly rollup, the days at its ends from the daily one (`monthlyReading`).
  const byMonths =
    fromRollup &&
    rollup.monthly &&
    options.monthly !== false &&
    (query.groupBy === 'device' || query.groupBy === 'place' || query.groupBy === 'machineType');
  const grouped = byMonths
    ? monthlyGroups(rollup.visible, group, filters, monthlyReading(range.firstDay, range.lastDay))
    : sql`select ${group} as k, sum(${source.count})::int as "count",
            coalesce(sum(${a}.total), 0)::bigint as "total", coalesce(sum(${a}.refund), 0)::bigint as "refund"
          from ${source.table} where ${sql.join(where, sql` and `)} group by 1`;
  const result = await db.execute<Record<keyof Bucket, string | number>>(sql`select ${key} as "key",
      g."count", g."total", g."refund"
    from (${grouped}) g`);
  return result.rows.map((row): Bucket => ({
    key: row.key as string,
    count: Number(row.count),
    total: minorUnits(row.total),
    refund: minorUnits(row.refund),
  }));
}

/**
 * Count, total and refunds per group from the monthly machine rollup and the daily one, read as
 * `reading` says (rows subtracted with their sign), over rows `r` that `visible` and `filters` allow.
 * A group is listed when a daily row of the range holds it, as from the daily rollup alone: each row
 * brings the daily rows it adds up (`day_rows`; one for a daily row, less one for one subtracted).
 */
function monthlyGroups(visible: SQL, group: SQL, filters: SQL[], reading: MonthlyReading): SQL {
  const branch = (table: SQL, days: SQL, sign: 1 | -1, rows: SQL) => {
    const s = sql.raw(String(sign));
    return sql`select ${group} as k, ${s} * r.count as c, ${s} * r.total as t, ${s} * r.refund as f, ${s} * ${rows} as n
        from ${table} r where ${sql.join([visible, days, ...filters], sql` and `)}`;
  };
  const branches: SQL[] = [];
  if (reading.months.length > 0) {
    branches.push(
      branch(
        sql`revenue_monthly_device`,
        sql`r.month in (${sql.join(
          reading.months.map((month) => sql`${month}::date`),
          sql`, `,
        )})`,
        1,
        sql`r.day_rows`,
      ),
    );
  }
  for (const [from, to] of reading.add)
    branches.push(branch(sql`revenue_daily_device`, sql`r.day between ${from} and ${to}`, 1, sql`1`));
  for (const [from, to] of reading.subtract)
    branches.push(branch(sql`revenue_daily_device`, sql`r.day between ${from} and ${to}`, -1, sql`1`));
  return sql`select u.k, sum(u.c)::int as "count", coalesce(sum(u.t), 0)::bigint as "total",
      coalesce(sum(u.f), 0)::bigint as "refund"
    from (${sql.join(branches, sql` union all `)}) u group by u.k having sum(u.n) > 0`;
}

export async function groupLabels(
  db: Executor,
  scope: DeviceScope,
  groupBy: StatisticsQuery['groupBy'],
  keys: string[],
) {
  const ids = keys.map(Number).filter((id) => id > 0);
  if (ids.length === 0 || (groupBy !== 'place' && groupBy !== 'device')) return new Map<string, string>();
  const table = groupBy === 'place' ? sql`places` : sql`devices`;
  const name = groupBy === 'place' ? sql`title` : sql`name`;
  // One array parameter (pg writes the array), not one per id: a merchant's 913 machines were 913
  // parameters to send and plan.
  const result = await db.execute<{ id: number; name: string }>(
    sql`select id, ${name} as "name" from ${table} where merchant_id = ${scope.merchantId}
          and id = any(${sql.param(ids)}::int[])`,
  );
  return new Map(result.rows.map((row) => [String(row.id), row.name]));
}
