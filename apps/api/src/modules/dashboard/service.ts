import { isAllowed, revenueOf, type DashboardOverview } from '@sbo/contracts';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { formatDay } from '../../lib/day-range';
import { addDays, addMonths, dayIn, startOfDay, type Day } from '../../lib/time-zone';
import type { MerchantAuth } from '../../plugins/access';
import * as transactionsRepo from '../transaction/service';
import { toRow, type TransactionService } from '../transaction/service';
import { activePromotionsOf } from '../promotion/service';
import * as repo from './repository';

type Totals = transactionsRepo.Totals;
type DashboardSales = NonNullable<DashboardOverview['sales']>;

const toPeriod = (sums: Totals) => ({ count: sums.count, total: sums.total, revenue: revenueOf(sums) });
const addTotals = (a: Totals, b: Totals): Totals => ({
  count: a.count + b.count,
  total: a.total + b.total,
  reward: a.reward + b.reward,
  balance: a.balance + b.balance,
  encore: a.encore + b.encore,
  refund: a.refund + b.refund,
});

/**
 * The dashboard at a glance: today's and this month's sales (with yesterday and last month, whole
 * and up to the same time, to compare), the machines in use, online and faulted per type, and the
 * latest sales, and apart from revenue the sales no confirmed payment matches. Whole days come from the daily rollup; the part of yesterday (and of the same day
 * last month) up to this time scans one day's transactions by index.
 */
export function createDashboardService(deps: { db: Database; clock: Clock; transactions: TransactionService }) {
  const { db, clock, transactions } = deps;

  async function machines(scope: MerchantAuth) {
    const rows = await repo.machineCounts(db, scope);
    const sum = (key: 'total' | 'online' | 'inUse' | 'faulted') => rows.reduce((all, row) => all + row[key], 0);
    return {
      total: sum('total'),
      online: sum('online'),
      offline: sum('total') - sum('online'),
      inUse: sum('inUse'),
      faulted: sum('faulted'),
      byType: rows.map(({ machineType, total, online, inUse }) => ({ machineType, total, online, inUse })),
    };
  }

  async function sales(
    scope: transactionsRepo.SalesScope,
    today: Day,
    timeZone: string,
    fromRollup: boolean,
    now: Date,
  ): Promise<DashboardSales> {
    const sumDays = async (first: Day, last: Day): Promise<Totals> =>
      fromRollup
        ? transactionsRepo.sumFromRollup(db, scope, { firstDay: formatDay(first), lastDay: formatDay(last) })
        : transactionsRepo.sumTransactions(db, scope, {
            from: startOfDay(first, timeZone),
            until: startOfDay(addDays(last, 1), timeZone),
          });
    // The part of a day that has passed today by now: yesterday and last month are compared up to the
    // same time of day, so a morning is not measured against a whole day.
    const elapsedMs = now.getTime() - startOfDay(today, timeZone).getTime();
    const sumDayUntilNow = (day: Day): Promise<Totals> => {
      const from = startOfDay(day, timeZone);
      const end = startOfDay(addDays(day, 1), timeZone);
      const until = new Date(Math.min(from.getTime() + elapsedMs, end.getTime()));
      return transactionsRepo.sumTransactions(db, scope, { from, until });
    };

    const yesterday = addDays(today, -1);
    const firstOfMonth: Day = { ...today, day: 1 };
    const firstOfLastMonth = addMonths(firstOfMonth, -1);
    const lastOfLastMonth = addDays(firstOfMonth, -1);
    const sameDayLastMonth = addMonths(today, -1);
    // On the 31st after a 30-day month, last month "by this day" is all of it.
    const lastMonthSoFar = async (): Promise<Totals> => {
      if (sameDayLastMonth.day !== today.day) return sumDays(firstOfLastMonth, lastOfLastMonth);
      const [whole, partDay] = await Promise.all([
        today.day > 1 ? sumDays(firstOfLastMonth, addDays(sameDayLastMonth, -1)) : null,
        sumDayUntilNow(sameDayLastMonth),
      ]);
      return whole ? addTotals(whole, partDay) : partDay;
    };

    const [todaySums, yesterdaySums, thisMonth, lastMonth, yesterdaySoFar, lastMonthToDate] = await Promise.all([
      sumDays(today, today),
      sumDays(yesterday, yesterday),
      sumDays(firstOfMonth, today),
      sumDays(firstOfLastMonth, lastOfLastMonth),
      sumDayUntilNow(yesterday),
      lastMonthSoFar(),
    ]);
    return {
      today: toPeriod(todaySums),
      yesterday: toPeriod(yesterdaySums),
      thisMonth: toPeriod(thisMonth),
      lastMonth: toPeriod(lastMonth),
      yesterdaySoFar: toPeriod(yesterdaySoFar),
      lastMonthSoFar: toPeriod(lastMonthToDate),
    };
  }

  return {
    async overview(scope: MerchantAuth, tz: string | null): Promise<DashboardOverview> {
      const zone = await transactions.zoneOf(scope, tz);
      const now = clock.now();
      const today = dayIn(now, zone.timeZone);
      const mayReadSales = isAllowed(scope, 'revenue.read');
      // The latest sales and the unverified ones look back over the same 30 days and today.
      const recentDays = {
        from: startOfDay(addDays(today, -30), zone.timeZone),
        until: startOfDay(addDays(today, 1), zone.timeZone),
      };
      const mayReadPromotions = isAllowed(scope, 'promotion.read');
      const [machineFigures, salesFigures, recent, unverified, promotions] = await Promise.all([
        machines(scope),
        mayReadSales ? sales(zone.visible, today, zone.timeZone, zone.timeZone === zone.merchantZone, now) : null,
        mayReadSales
          ? transactionsRepo.listTransactions(db, zone.visible, recentDays, {
              page: 1,
              pageSize: 8,
              sort: 'createdAt',
              order: 'desc',
            })
          : null,
        mayReadSales ? transactionsRepo.sumUnverified(db, zone.visible, recentDays) : null,
        mayReadPromotions ? activePromotionsOf(db, scope, now) : null,
      ]);
      return {
        currency: zone.currency,
        today: formatDay(today),
        sales: salesFigures,
        machines: machineFigures,
        recentTransactions: recent?.map((record) => toRow(record, zone.merchantZone)) ?? null,
        unverifiedSales: unverified ? { from: formatDay(addDays(today, -30)), ...unverified } : null,
        activePromotions: promotions,
      };
    },
  };
}
