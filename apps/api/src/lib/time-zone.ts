/** Calendar days in an IANA time zone, without a date library: Intl knows every zone's offsets. */

export type Day = { year: number; month: number; day: number };

/** `YYYY-MM-DD` to a day; null when it is no real date (2026-02-30). */
export function parseDay(text: string): Day | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return { year, month, day };
}

/**
 * Building an Intl.DateTimeFormat costs far more than using one (ICU loads the zone's rules), and
 * requests name a handful of zones: each formatter is made once per zone and kept. Bounded, since
 * a zone name comes from the client (any casing of a real zone is accepted).
 */
function formatterCache(locale: string, options: Intl.DateTimeFormatOptions, limit = 1000) {
  const made = new Map<string, Intl.DateTimeFormat>();
  return (timeZone: string): Intl.DateTimeFormat => {
    let formatter = made.get(timeZone);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
      if (made.size >= limit) made.delete(made.keys().next().value!);
      made.set(timeZone, formatter);
    }
    return formatter;
  };
}

const dayFormatter = formatterCache('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });
const wallClockFormatter = formatterCache('en-US', {
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Whether `timeZone` names a zone Intl knows (valid names are remembered, so this is a lookup after the first). */
export function isTimeZone(timeZone: string): boolean {
  try {
    dayFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The day it is at `instant` in `timeZone`. */
export function dayIn(instant: Date, timeZone: string): Day {
  const parts = dayFormatter(timeZone)
    .formatToParts(instant)
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

/** Calendar arithmetic: `addDays(d, 1)` is the next day; months clamp (Jan 31 + 1 month = Feb 28/29). */
export function addDays(day: Day, days: number): Day {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export function addMonths(day: Day, months: number): Day {
  const first = new Date(Date.UTC(day.year, day.month - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return { year: first.getUTCFullYear(), month: first.getUTCMonth() + 1, day: Math.min(day.day, last) };
}

export const compareDays = (a: Day, b: Day): number => a.year - b.year || a.month - b.month || a.day - b.day;

function offsetMs(instant: number, timeZone: string): number {
  const parts = wallClockFormatter(timeZone)
    .formatToParts(new Date(instant))
    .reduce<Record<string, number>>((all, part) => ({ ...all, [part.type]: Number(part.value) }), {});
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a day starts in `timeZone` (checked twice so a DST change that day lands right). */
export function startOfDay(day: Day, timeZone: string): Date {
  const wall = Date.UTC(day.year, day.month - 1, day.day);
  const first = wall - offsetMs(wall, timeZone);
  return new Date(wall - offsetMs(first, timeZone));
}

/** Minutes since midnight on the wall clock of `timeZone` at `instant`. */
export function minuteOfDayIn(instant: Date, timeZone: string): number {
  const parts = wallClockFormatter(timeZone)
    .formatToParts(instant)
    .reduce<Record<string, number>>((all, part) => ({ ...all, [part.type]: Number(part.value) }), {});
  return (parts.hour! % 24) * 60 + parts.minute!;
}

/** Day of the week in `timeZone` at `instant`: 0 Monday … 6 Sunday. */
export function weekdayIn(instant: Date, timeZone: string): number {
  const { year, month, day } = dayIn(instant, timeZone);
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}
