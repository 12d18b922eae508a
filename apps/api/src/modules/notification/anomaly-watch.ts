import { defaultThresholds, type NotificationThresholds } from '@sbo/contracts';
import type { ScheduledJob } from '../../lib/scheduler';
import { hoursPerWeek, idleVerdict, percentOf } from './anomaly-rules';
import { salesByHourOfWeek, watchedMachines, type WatchedMachine } from './anomaly-repository';
import { advisoryLocks, whileLocked } from '../../lib/advisory-lock-repository';
import type { WatchDeps } from './runner-group';
import { raiseNotification, type RaisedEvent } from './raise';

const historyWeeks = 4;
const profileRefreshMs = 6 * 3_600_000;
/** One instance scans at a time (the events are deduplicated anyway; this saves the work). */
const scanLock = advisoryLocks.anomalyScan;

type Machine = Pick<
  WatchedMachine,
  'device_id' | 'merchant_id' | 'place_id' | 'report' | 'cash_reset' | 'notes_reset' | 'refill'
>;

/** The level alerts a machine's last report deserves under its merchant's thresholds. */
function levelAlerts(machine: Machine, limits: NotificationThresholds): Omit<RaisedEvent, 'occurredAt'>[] {
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
export function startAnomalyWatch(deps: WatchDeps) {
  const { pool, db, clock } = deps;
  let profileOf = new Map<number, number[]>();
  let profilesAt = 0;

  async function refreshProfiles(now: Date) {
    const since = new Date(now.getTime() - historyWeeks * 7 * 86_400_000);
    const rows = await salesByHourOfWeek(db, since, now);
    const next = new Map<number, number[]>();
    for (const row of rows) {
      if (row.device_id === null) continue;
      const profile = next.get(row.device_id) ?? new Array<number>(hoursPerWeek).fill(0);
      profile[row.hour_of_week] = row.sales / historyWeeks;
      next.set(row.device_id, profile);
    }
    profileOf = next;
    profilesAt = now.getTime();
  }

  async function scan(): Promise<number> {
    const raisedNow = await whileLocked(pool, scanLock, async (db) => {
      const now = clock.now();
      if (now.getTime() - profilesAt > profileRefreshMs || now.getTime() < profilesAt) await refreshProfiles(now);
      const since = new Date(now.getTime() - historyWeeks * 7 * 86_400_000);
      const rows = await watchedMachines(db, since);
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
          if ((await raiseNotification(db, { ...alert, occurredAt: now }, now)) !== null) raised += 1;
      }
      return raised;
    });
    return raisedNow ?? 0;
  }

  return {
    scan,
    /** The profiles are read again on the next scan (a test that adds history). */
    forgetProfiles: () => void (profilesAt = 0),
    /** The scheduler's job: a scan every `seconds` (0: never). */
    job: (seconds: number): ScheduledJob => ({ name: 'anomaly scan', everySeconds: seconds, run: scan }),
  };
}
