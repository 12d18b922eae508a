import { revenueOf, type RevenueStatistics, type StatisticsQuery, type StatisticsRow } from '@sbo/contracts';
import type { Database } from '../../db/client';
import { formatDay } from '../../lib/day-range';
import { addDays, compareDays, type Day } from '../../lib/time-zone';
import type { DeviceScope } from '../../scope/device-scope';
import type { TransactionService } from './service';
import * as repo from './statistics-repository';

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

  return {
    async revenue(scope: DeviceScope, query: StatisticsQuery, tz: string | null): Promise<RevenueStatistics> {
      const zone = await transactions.zoneOf(scope, tz);
      const { range } = transactions.resolve(query, zone.timeZone);
      const firstDay = formatDay(range.first);
      const lastDay = formatDay(range.last);
      const rows = await repo.revenueBuckets(db, zone.visible, query, zone.timeZone === zone.merchantZone, {
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
      const names = await repo.groupLabels(db, scope, query.groupBy, keys);
      const result: StatisticsRow[] = keys.map((key) => {
        const row = byKey.get(key) ?? { key, count: 0, total: 0, refund: 0 };
        return { ...row, label: names.get(key) ?? key, revenue: revenueOf(row) };
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
