import { sql } from 'drizzle-orm';
import { isAllowed, type DashboardOverview } from '@sbo/contracts';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { formatDay } from '../../lib/day-range';
import { addDays, addMonths, dayIn, startOfDay, type Day } from '../../lib/time-zone';
import type { MerchantAuth } from '../../plugins/access';
import { visibleDevices } from '../device/repository';
import type { TransactionService } from '../transaction/service';
import { toRow } from '../transaction/service';
import * as transactionsRepo from '../transaction/repository';

type Period = { count: number; total: number; revenue: number };

/**
 * The dashboard at a glance: today's and this month's sales (with yesterday and last month to
 * compare), the machines in use, online and faulted per type, and the latest sales. Figures come
 * from the daily rollup and the device state, never a scan of the transactions.
 */
export function createDashboardService(deps: { db: Database; clock: Clock; transactions: TransactionService }) {
  const { db, clock, transactions } = deps;

  async function machines(scope: MerchantAuth) {
    const result = await db.execute<{
      machineType: number;
      total: number;
      online: number;
      inUse: number;
      faulted: number;
    }>(
      sql`select devices.machine_type::int as "machineType", count(*)::int as "total",
            count(*) filter (where s.online)::int as "online",
            count(*) filter (where s.online and s.report->>'status' in ('operating', 'drumCleaning'))::int as "inUse",
            count(*) filter (where s.online and (s.report->>'errorCode') is not null)::int as "faulted"
          from devices
          left join device_hardware h on h.device_id = devices.id
          left join device_state s on s.hwid = h.hwid
         where ${visibleDevices(scope)}
         group by 1 order by 1`,
    );
    const rows = result.rows;
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

  async function sales(scope: transactionsRepo.SalesScope, today: Day, timeZone: string, fromRollup: boolean) {
    const firstOfMonth: Day = { ...today, day: 1 };
    const firstOfLastMonth = addMonths(firstOfMonth, -1);
    const periods: Record<'today' | 'yesterday' | 'thisMonth' | 'lastMonth', [Day, Day]> = {
      today: [today, today],
      yesterday: [addDays(today, -1), addDays(today, -1)],
      thisMonth: [firstOfMonth, today],
      lastMonth: [firstOfLastMonth, addDays(firstOfMonth, -1)],
    };
    const entries = await Promise.all(
      Object.entries(periods).map(async ([name, [first, last]]) => {
        const sums = fromRollup
          ? await transactionsRepo.sumFromRollup(db, scope, { firstDay: formatDay(first), lastDay: formatDay(last) })
          : await transactionsRepo.sumTransactions(db, scope, {
              from: startOfDay(first, timeZone),
              until: startOfDay(addDays(last, 1), timeZone),
            });
        const period: Period = { count: sums.count, total: sums.total, revenue: sums.total - sums.refund };
        return [name, period] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<keyof typeof periods, Period>;
  }

  return {
    async overview(scope: MerchantAuth, tz: string | null): Promise<DashboardOverview> {
      const zone = await transactions.zoneOf(scope, tz);
      const today = dayIn(clock.now(), zone.timeZone);
      const mayReadSales = isAllowed(scope, 'revenue.read');
      const [machineFigures, salesFigures, recent] = await Promise.all([
        machines(scope),
        mayReadSales ? sales(zone.visible, today, zone.timeZone, zone.timeZone === zone.merchantZone) : null,
        mayReadSales
          ? transactionsRepo.listTransactions(
              db,
              zone.visible,
              {
                from: startOfDay(addDays(today, -30), zone.timeZone),
                until: startOfDay(addDays(today, 1), zone.timeZone),
              },
              { page: 1, pageSize: 8, sort: 'createdAt', order: 'desc' },
            )
          : null,
      ]);
      return {
        currency: zone.currency,
        today: formatDay(today),
        sales: salesFigures,
        machines: machineFigures,
        recentTransactions: recent?.map((record) => toRow(record, zone.merchantZone)) ?? null,
      };
    },
  };
}
