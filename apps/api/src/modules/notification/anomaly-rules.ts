import { minuteOfDayIn, weekdayIn } from '../../lib/time-zone';

// The anomaly rules (docs/notifications.md), pure so they can be tested over generated histories.

export const hoursPerWeek = 168;
const hourMs = 3_600_000;

/** Hour of the week on the merchant's wall clock: 0 is Monday 00:00-01:00, 167 Sunday 23:00-24:00. */
export function hourOfWeek(instant: Date, timeZone: string): number {
  return weekdayIn(instant, timeZone) * 24 + Math.floor(minuteOfDayIn(instant, timeZone) / 60);
}

/** A machine's usual sales per hour of the week: the average over `weeks` weeks of history. */
export function salesProfile(sales: readonly Date[], timeZone: string, weeks: number): number[] {
  const profile = new Array<number>(hoursPerWeek).fill(0);
  for (const sale of sales) profile[hourOfWeek(sale, timeZone)]! += 1 / weeks;
  return profile;
}

/** How many sales the profile expects in [from, to), hour by hour (parts of an hour pro rata). */
export function expectedSales(profile: readonly number[], from: Date, to: Date, timeZone: string): number {
  let expected = 0;
  let at = from.getTime();
  const end = to.getTime();
  while (at < end) {
    const next = Math.min(end, (Math.floor(at / hourMs) + 1) * hourMs);
    expected += profile[hourOfWeek(new Date(at), timeZone)]! * ((next - at) / hourMs);
    at = next;
  }
  return expected;
}

type IdleRule = { idleGapFactor: number; idleMinHours: number };

/**
 * A machine is idle when it has earned nothing for at least `idleMinHours` and, over that silence, its
 * usual pace at those hours of the week would have brought `idleGapFactor` sales or more: the silence
 * is that many times its usual gap. A machine that is normally quiet at night expects about nothing
 * at night, so a quiet night never reaches the factor. Too short a history (under `minSales` sales)
 * judges nothing.
 */
export function idleVerdict(input: {
  lastSaleAt: Date;
  now: Date;
  profile: readonly number[];
  timeZone: string;
  rule: IdleRule;
  minSales?: number;
  weeks: number;
}): { idle: boolean; expected: number; idleHours: number } {
  const idleHours = (input.now.getTime() - input.lastSaleAt.getTime()) / hourMs;
  const total = input.profile.reduce((sum, perWeek) => sum + perWeek, 0) * input.weeks;
  if (total < (input.minSales ?? 20) || idleHours < input.rule.idleMinHours)
    return { idle: false, expected: 0, idleHours };
  const expected = expectedSales(input.profile, input.lastSaleAt, input.now, input.timeZone);
  return { idle: expected >= input.rule.idleGapFactor, expected, idleHours };
}

/** Share (0-100) of a capacity that is used; null when the capacity is unknown. */
export const percentOf = (used: number, capacity: number): number | null =>
  capacity > 0 ? Math.min(100, (used / capacity) * 100) : null;
