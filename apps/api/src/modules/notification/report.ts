import type pg from 'pg';
import { revenueOf } from '@sbo/contracts';
import type { Database } from '../../db/client';
import { addDays, dayIn, startOfDay, weekdayIn, type Day } from '../../lib/time-zone';
import { readDeviceWhitelist, type DeviceScope } from '../../scope/device-scope';
import { sumFromRollup } from '../transaction/service';

export type ReportPeriod = 'daily' | 'weekly';
export type ReportWindow = { period: ReportPeriod; firstDay: string; lastDay: string };

const pad = (n: number) => String(n).padStart(2, '0');
const text = (day: Day) => `${day.year}-${pad(day.month)}-${pad(day.day)}`;

/** The hour of the merchant's morning a report is sent, for the day (or week) just past. */
export const reportHour = 8;

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
  const merchant = (
    await deps.pool.query<{ company_name: string; currency: string; timezone: string }>(
      'select company_name, currency, timezone from merchants where id = $1',
      [scope.merchantId],
    )
  ).rows[0]!;
  const totals = await sumFromRollup(
    deps.db,
    { merchantId: scope.merchantId, deviceIds },
    { firstDay: window.firstDay, lastDay: window.lastDay },
  );
  const visible = deviceIds === null ? 'true' : 'd.id = any($4::int[])';
  const machines = await deps.pool.query<{ name: string; sales: number; total: number; refund: number }>(
    `select d.name, coalesce(sum(r.count), 0)::int as sales, coalesce(sum(r.total), 0)::float8 as total,
            coalesce(sum(r.refund), 0)::float8 as refund
       from devices d
       left join revenue_daily r on r.merchant_id = d.merchant_id and r.device_id = d.id and r.day between $2 and $3
      where d.merchant_id = $1 and ${visible}
      group by d.id, d.name`,
    [scope.merchantId, window.firstDay, window.lastDay, ...(deviceIds === null ? [] : [deviceIds])],
  );
  const start = startOfDay(parseDay(window.firstDay), merchant.timezone);
  const end = startOfDay(addDays(parseDay(window.lastDay), 1), merchant.timezone);
  const faults = await deps.pool.query<{ n: number }>(
    `select count(*)::int as n from notification_events e
      where e.merchant_id = $1 and e.kind in ('deviceError', 'okMachineError', 'settlementFailed')
        and e.occurred_at >= $2 and e.occurred_at < $3
        and ($4::int[] is null or e.device_id = any($4::int[]))`,
    [scope.merchantId, start, end, deviceIds],
  );
  const ranked = machines.rows
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
    faults: faults.rows[0]?.n ?? 0,
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
export async function queueDueReports(pool: pg.Pool, now: Date): Promise<number> {
  const subscribers = await pool.query<{
    user_id: number;
    merchant_id: number;
    member_id: number;
    report: ReportPeriod;
    timezone: string;
  }>(
    `select s.user_id, s.merchant_id, m.id as member_id, s.report, mr.timezone
       from notification_settings s
       join merchant_members m on m.user_id = s.user_id and m.merchant_id = s.merchant_id and not m.suspended
       join merchants mr on mr.id = s.merchant_id
      where s.report in ('daily', 'weekly')`,
  );
  let queued = 0;
  for (const row of subscribers.rows) {
    const window = dueWindow(now, row.timezone, row.report);
    if (!window) continue;
    const result = await pool.query(
      `insert into background_jobs (queue, payload, dedupe_key, run_at, max_attempts) values ($1, $2, $3, $4, 6)
       on conflict (queue, dedupe_key) do nothing`,
      [
        reportQueue,
        { userId: row.user_id, merchantId: row.merchant_id, memberId: row.member_id, ...window },
        `${row.user_id}:${row.merchant_id}:${row.report}:${window.firstDay}`,
        now,
      ],
    );
    queued += result.rowCount ?? 0;
  }
  return queued;
}
