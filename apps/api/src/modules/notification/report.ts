import type pg from 'pg';
import { revenueOf } from '@sbo/contracts';
import type { Database } from '../../db/client';
import { addDays, dayIn, startOfDay, weekdayIn, type Day } from '../../lib/time-zone';
import { readDeviceWhitelist } from '../../scope/device-scope-repository';
import type { DeviceScope } from '../../scope/device-scope';
import { sumFromRollup } from '../transaction/service';
import { queueJob } from './event-repository';
import { countFaults, findMerchant, reportSubscribers, salesPerMachine } from './report-repository';

export type ReportPeriod = 'daily' | 'weekly';
export type ReportWindow = { period: ReportPeriod; firstDay: string; lastDay: string };

const pad = (n: number) => String(n).padStart(2, '0');
const text = (day: Day) => `${day.year}-${pad(day.month)}-${pad(day.day)}`;

/** The hour of the merchant's morning a report is sent, for the day (or week) just past. */
const reportHour = 8;

/**
 * The window a report sent now covers, on the merchant's calendar: yesterday for a daily report, the
 * last whole week (Monday to Sunday) for a weekly one. Null before the report hour, or, for a weekly
 * report, on a day other than Monday: nothing is due yet.
 */
export function dueWindow(now: Date, timeZone: string, period: ReportPeriod): ReportWindow | null {
  const today = dayIn(now, timeZone);
  const sendAt = new Date(startOfDay(today, timeZone).getTime() + reportHour * 3_600_000);
  if (now < sendAt) return null;
  if (period === 'daily') {
    const yesterday = text(addDays(today, -1));
    return { period, firstDay: yesterday, lastDay: yesterday };
  }
  if (weekdayIn(now, timeZone) !== 0) return null;
  return { period, firstDay: text(addDays(today, -7)), lastDay: text(addDays(today, -1)) };
}

export type ReportSummary = {
  merchantName: string;
  currency: string;
  timeZone: string;
  window: ReportWindow;
  sales: number;
  revenue: number;
  topMachines: { name: string; sales: number; revenue: number }[];
  idleMachines: string[];
  faults: number;
};

/**
 * What a member's report says: sales and revenue over the machines they may see (the daily rollup,
 * as the dashboard reads it), the five machines that earned most, the machines that earned nothing,
 * and how many faults were raised.
 */
export async function reportSummary(
  deps: { db: Database; pool: pg.Pool },
  scope: DeviceScope,
  window: ReportWindow,
): Promise<ReportSummary> {
  const deviceIds = await readDeviceWhitelist(deps.db, scope);
  const { db } = deps;
  const merchant = await findMerchant(db, scope.merchantId);
  const totals = await sumFromRollup(
    db,
    { merchantId: scope.merchantId, deviceIds },
    { firstDay: window.firstDay, lastDay: window.lastDay },
  );
  const machines = await salesPerMachine(db, scope.merchantId, deviceIds, window);
  const start = startOfDay(parseDay(window.firstDay), merchant.timezone);
  const end = startOfDay(addDays(parseDay(window.lastDay), 1), merchant.timezone);
  const faults = await countFaults(db, scope.merchantId, deviceIds, start, end);
  const ranked = machines
    .map((row) => ({ name: row.name, sales: row.sales, revenue: revenueOf(row) }))
    .sort((a, b) => b.revenue - a.revenue || b.sales - a.sales || a.name.localeCompare(b.name));
  return {
    merchantName: merchant.company_name,
    currency: merchant.currency,
    timeZone: merchant.timezone,
    window,
    sales: totals.count,
    revenue: revenueOf(totals),
    topMachines: ranked.filter((machine) => machine.sales > 0).slice(0, 5),
    idleMachines: ranked.filter((machine) => machine.sales === 0).map((machine) => machine.name),
    faults,
  };
}

function parseDay(day: string): Day {
  const [year, month, date] = day.split('-').map(Number);
  return { year: year!, month: month!, day: date! };
}

export const reportQueue = 'notify.report';

/**
 * Queues the reports due now: members who chose a daily or weekly report, at merchants whose report
 * hour has come, once per member and window (the job's key), whichever instance looks first.
 */
export async function queueDueReports(db: Database, now: Date): Promise<number> {
  const subscribers = await reportSubscribers(db);
  let queued = 0;
  for (const row of subscribers) {
    const window = dueWindow(now, row.timezone, row.report);
    if (!window) continue;
    const isNew = await queueJob(
      db,
      reportQueue,
      { userId: row.user_id, merchantId: row.merchant_id, memberId: row.member_id, ...window },
      { runAt: now, dedupeKey: `${row.user_id}:${row.merchant_id}:${row.report}:${window.firstDay}` },
    );
    if (isNew) queued += 1;
  }
  return queued;
}
