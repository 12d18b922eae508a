import type pg from 'pg';
import { defaultThresholds, type NotificationThresholds } from '@sbo/contracts';
import type { StateReport } from '@sbo/contracts/mqtt';
import type { Clock } from '../../lib/clock';
import type { ScheduledJob } from '../../lib/scheduler';
import { hoursPerWeek, idleVerdict, percentOf } from './anomaly-rules';
import { raiseNotification, type RaisedEvent } from './raise';

type Log = { warn(object: object, message: string): void; error(object: object, message: string): void };

const historyWeeks = 4;
const profileRefreshMs = 6 * 3_600_000;
/** One instance scans at a time (the events are deduplicated anyway; this saves the work). */
const scanLock = 727003;

type Machine = {
  device_id: number;
  merchant_id: number;
  place_id: number | null;
  timezone: string;
  values: Partial<NotificationThresholds> | null;
  report: StateReport | null;
  last_sale_at: Date | null;
  last_sale_id: string | null;
  cash_reset: string;
  notes_reset: string;
  refill: string;
};

// Online, bound machines with their last report, the merchant's thresholds, their last sale of the last
// four weeks, and the last collection, banknote reset and refill (each level alert is once per fill).
const machines = `
select d.id as device_id, d.merchant_id, d.place_id, m.timezone, th.values, s.report,
       last.created_at as last_sale_at, last.id as last_sale_id,
       coalesce((select max(l.id) from device_logs l where l.device_id = d.id
                  and l.content_key in ('deviceLog.reset.cashBox', 'deviceLog.reset.coinCount', 'deviceLog.settlement.cashBox')), 0) as cash_reset,
       coalesce((select max(l.id) from device_logs l where l.device_id = d.id and l.content_key = 'deviceLog.reset.banknotes'), 0) as notes_reset,
       coalesce((select max(l.id) from device_logs l where l.device_id = d.id
                  and l.content_key in ('deviceLog.refill', 'deviceLog.admin.coinDispenserRefill')), 0) as refill
  from devices d
  join merchants m on m.id = d.merchant_id
  join device_hardware h on h.device_id = d.id
  join device_state s on s.hwid = h.hwid and s.online
  left join notification_thresholds th on th.merchant_id = d.merchant_id
  left join lateral (select t.id, t.created_at from transactions t
                      where t.device_id = d.id and t.created_at >= $1 and t.status <> 98
                      order by t.created_at desc limit 1) last on true`;

// Sales per machine and hour of the week (merchant's clock) over the four weeks before `$2`.
const profiles = `
select t.device_id,
       ((extract(isodow from t.created_at at time zone m.timezone)::int - 1) * 24
         + extract(hour from t.created_at at time zone m.timezone)::int) as hour_of_week,
       count(*)::int as sales
  from transactions t join merchants m on m.id = t.merchant_id
 where t.created_at >= $1 and t.created_at < $2 and t.device_id is not null and t.status <> 98
 group by 1, 2`;

/** The level alerts a machine's last report deserves under its merchant's thresholds. */
export function levelAlerts(machine: Machine, limits: NotificationThresholds): Omit<RaisedEvent, 'occurredAt'>[] {
  const report = machine.report;
  if (!report) return [];
  const base = { merchantId: machine.merchant_id, deviceId: machine.device_id, placeId: machine.place_id };
  const alerts: Omit<RaisedEvent, 'occurredAt'>[] = [];
  const cash = percentOf(report.coinCount, limits.cashBoxCapacityCoins);
  if (cash !== null && report.coinCount > 0 && cash >= limits.cashBoxFullPercent)
    alerts.push({
      ...base,
      kind: 'cashBoxFull',
      params: { percent: Math.round(cash), coins: report.coinCount, amount: report.cashBoxAmount },
      dedupeKey: `cashBoxFull:${machine.device_id}:${machine.cash_reset}`,
    });
  const notes = (report.billAcceptor ?? []).reduce((sum, row) => sum + row.count, 0);
  const stacker = percentOf(notes, limits.billAcceptorCapacityNotes);
  if (report.billAcceptor && stacker !== null && notes > 0 && stacker >= limits.billAcceptorFullPercent)
    alerts.push({
      ...base,
      kind: 'billAcceptorFull',
      params: { percent: Math.round(stacker), notes },
      dedupeKey: `billAcceptorFull:${machine.device_id}:${machine.notes_reset}`,
    });
  const dispenser = report.coinDispenser;
  const left = dispenser ? percentOf(dispenser.remainingAmount, dispenser.totalAmount) : null;
  if (dispenser && left !== null && left <= limits.coinDispenserLowPercent)
    alerts.push({
      ...base,
      kind: 'coinDispenserLow',
      params: { percent: Math.round(left), remaining: dispenser.remainingAmount },
      dedupeKey: `coinDispenserLow:${machine.device_id}:${machine.refill}`,
    });
  return alerts;
}

/**
 * The anomaly alerts (docs/notifications.md): online machines that earn nothing for much longer than
 * their usual gap at that hour of the week, and cash boxes, bill acceptors and coin dispensers near
 * their limits. Each alert is raised once per idle stretch or fill.
 */
export function startAnomalyWatch(deps: { pool: pg.Pool; clock: Clock; log?: Log }) {
  const { pool, clock } = deps;
  let profileOf = new Map<number, number[]>();
  let profilesAt = 0;

  async function refreshProfiles(now: Date) {
    const since = new Date(now.getTime() - historyWeeks * 7 * 86_400_000);
    const rows = await pool.query<{ device_id: number; hour_of_week: number; sales: number }>(profiles, [since, now]);
    const next = new Map<number, number[]>();
    for (const row of rows.rows) {
      const profile = next.get(row.device_id) ?? new Array<number>(hoursPerWeek).fill(0);
      profile[row.hour_of_week] = row.sales / historyWeeks;
      next.set(row.device_id, profile);
    }
    profileOf = next;
    profilesAt = now.getTime();
  }

  async function scan(): Promise<number> {
    const client = await pool.connect();
    try {
      const locked = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [scanLock]);
      if (!locked.rows[0]?.ok) return 0;
      try {
        const now = clock.now();
        if (now.getTime() - profilesAt > profileRefreshMs || now.getTime() < profilesAt) await refreshProfiles(now);
        const since = new Date(now.getTime() - historyWeeks * 7 * 86_400_000);
        const rows = (await client.query<Machine>(machines, [since])).rows;
        let raised = 0;
        for (const machine of rows) {
          const limits = { ...defaultThresholds, ...machine.values };
          const alerts = levelAlerts(machine, limits);
          const profile = profileOf.get(machine.device_id);
          if (profile && machine.last_sale_at) {
            const verdict = idleVerdict({
              lastSaleAt: machine.last_sale_at,
              now,
              profile,
              timeZone: machine.timezone,
              rule: limits,
              weeks: historyWeeks,
            });
            if (verdict.idle)
              alerts.push({
                merchantId: machine.merchant_id,
                deviceId: machine.device_id,
                placeId: machine.place_id,
                kind: 'idleMachine',
                params: {
                  lastSaleAt: machine.last_sale_at.toISOString(),
                  idleHours: Math.round(verdict.idleHours * 10) / 10,
                  expectedSales: Math.round(verdict.expected * 10) / 10,
                },
                dedupeKey: `idle:${machine.device_id}:${machine.last_sale_id}`,
              });
          }
          for (const alert of alerts)
            if ((await raiseNotification(pool, { ...alert, occurredAt: now }, now)) !== null) raised += 1;
        }
        return raised;
      } finally {
        await client.query('select pg_advisory_unlock($1)', [scanLock]);
      }
    } finally {
      client.release();
    }
  }

  return {
    scan,
    /** The profiles are read again on the next scan (a test that adds history). */
    forgetProfiles: () => void (profilesAt = 0),
    /** The scheduler's job: a scan every `seconds` (0: never). */
    job: (seconds: number): ScheduledJob => ({ name: 'anomaly scan', everySeconds: seconds, run: scan }),
  };
}
