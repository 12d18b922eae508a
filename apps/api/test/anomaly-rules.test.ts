import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { expectedSales, hourOfWeek, idleVerdict, salesProfile } from '../src/modules/notification/anomaly-rules';

const zone = 'Asia/Taipei';
const rule = { idleGapFactor: 3, idleMinHours: 2 };
const weeks = 4;
const hour = 3_600_000;
// Monday 2026-11-23 00:00 in Taipei.
const monday = new Date('2026-11-22T16:00:00Z');

/**
 * Four weeks of a laundry's sales before `monday`: busy by day (every `gapMinutes` between 08:00 and
 * 22:00, with a random shift), nothing at night.
 */
function dayOnlyHistory(gapMinutes: number, jitter: number[]): Date[] {
  const sales: Date[] = [];
  let n = 0;
  for (let day = 1; day <= weeks * 7; day += 1) {
    const start = monday.getTime() - day * 24 * hour;
    for (let minute = 8 * 60; minute < 22 * 60; minute += gapMinutes) {
      const shift = jitter[n++ % jitter.length]! * gapMinutes * 0.4;
      sales.push(new Date(start + (minute + shift) * 60_000));
    }
  }
  return sales;
}

describe('hour of the week', () => {
  it('counts from Monday 00:00 on the merchant clock', () => {
    expect(hourOfWeek(monday, zone)).toBe(0);
    expect(hourOfWeek(new Date(monday.getTime() + 7 * 24 * hour - 1), zone)).toBe(167);
    expect(hourOfWeek(new Date(monday.getTime() + 33 * hour + 59 * 60_000), zone)).toBe(33);
  });
});

describe('idle machines', () => {
  it('flags a busy machine that stopped earning once its silence is its usual gap times the factor', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 60 }),
        fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 1, maxLength: 20 }),
        (gapMinutes, jitter) => {
          const profile = salesProfile(dayOnlyHistory(gapMinutes, jitter), zone, weeks);
          // The last sale at 10:00 on Monday; silence since.
          const lastSaleAt = new Date(monday.getTime() + 10 * hour);
          const verdict = (hours: number) =>
            idleVerdict({
              lastSaleAt,
              now: new Date(lastSaleAt.getTime() + hours * hour),
              profile,
              timeZone: zone,
              rule,
              weeks,
            });
          // Never before the minimum hours, whatever the pace.
          expect(verdict(1.9).idle).toBe(false);
          // Within its rule: by the minimum hours plus factor × gap (with the jitter's slack), flagged.
          const bound = Math.max(rule.idleMinHours, (rule.idleGapFactor * gapMinutes * 1.5) / 60);
          expect(verdict(bound + 0.01).idle).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('does not flag a machine that is normally quiet at night, however long the night', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 60 }),
        fc.double({ min: 0, max: 0.99, noNaN: true }),
        (gapMinutes, late) => {
          const profile = salesProfile(dayOnlyHistory(gapMinutes, [0]), zone, weeks);
          // The last sale at 21:59 on a Tuesday; now anywhere in the night up to 07:59.
          const lastSaleAt = new Date(monday.getTime() + (24 + 21) * hour + 59 * 60_000);
          const now = new Date(lastSaleAt.getTime() + 10 * late * hour);
          expect(idleVerdict({ lastSaleAt, now, profile, timeZone: zone, rule, weeks }).idle).toBe(false);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('flags the morning after when the machine stays silent into its busy hours', () => {
    const profile = salesProfile(dayOnlyHistory(20, [0]), zone, weeks);
    const lastSaleAt = new Date(monday.getTime() + 21.9 * hour);
    const at = (hourOfDay: number) => new Date(monday.getTime() + (24 + hourOfDay) * hour);
    expect(idleVerdict({ lastSaleAt, now: at(7.9), profile, timeZone: zone, rule, weeks }).idle).toBe(false);
    expect(idleVerdict({ lastSaleAt, now: at(9.5), profile, timeZone: zone, rule, weeks }).idle).toBe(true);
  });

  it('judges nothing with too short a history', () => {
    const profile = salesProfile([new Date(monday.getTime() - 24 * hour)], zone, weeks);
    const lastSaleAt = new Date(monday.getTime() - 24 * hour);
    expect(idleVerdict({ lastSaleAt, now: monday, profile, timeZone: zone, rule, weeks }).idle).toBe(false);
  });

  it('integrates the usual pace hour by hour, parts of an hour pro rata', () => {
    const profile = new Array<number>(168).fill(0);
    profile[0] = 2;
    profile[1] = 4;
    expect(
      expectedSales(profile, new Date(monday.getTime() + 0.5 * hour), new Date(monday.getTime() + 1.25 * hour), zone),
    ).toBeCloseTo(2);
  });
});
