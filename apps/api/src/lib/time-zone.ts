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

/** A moment as `YYYY-MM-DD HH:mm:ss` in `timeZone` (exports' time columns): one formatter per zone, kept. */
export const localDateTime = (date: Date, timeZone: string): string => localDateTimeFormatter(timeZone).format(date);
const localDateTimeFormatter = formatterCache('sv-SE', { dateStyle: 'short', timeStyle: 'medium' });

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
  // A page of sales falls within a few days, and a request asks for today too: the last days
  // found per zone, with where each starts and ends, answer most instants without a formatter.
  const time = instant.getTime();
  let known = knownDays.get(timeZone);
  const hit = known?.find((range) => time >= range.from && time < range.until);
  if (hit) return { ...hit.day };
  const day = formatDayIn(instant, timeZone);
  if (!known) {
    if (knownDays.size >= 1000) knownDays.clear();
    knownDays.set(timeZone, (known = []));
  }
  if (known.length >= 8) known.shift();
  known.push({
    day,
    from: startOfDay(day, timeZone).getTime(),
    until: startOfDay(addDays(day, 1), timeZone).getTime(),
  });
  return { ...day };
}

const knownDays = new Map<string, Array<{ day: Day; from: number; until: number }>>();

function formatDayIn(instant: Date, timeZone: string): Day {
  const day: Day = { year: 0, month: 0, day: 0 };
  for (const part of dayFormatter(timeZone).formatToParts(instant)) {
    if (part.type === 'year' || part.type === 'month' || part.type === 'day') day[part.type] = Number(part.value);
  }
  return day;
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
  const wall = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of wallClockFormatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type in wall) wall[part.type as keyof typeof wall] = Number(part.value);
  }
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a day starts in `timeZone` (checked twice so a DST change that day lands right).
 * Where clocks skip midnight (America/Santiago in September) the day starts when they resume:
 * the earlier guess then falls on the day before, and the later one is the start.
 */
export function startOfDay(day: Day, timeZone: string): Date {
  // Every request with a day range asks for the same few days: each is worked out once.
  const key = `${timeZone}|${day.year}-${day.month}-${day.day}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    start = findStartOfDay(day, timeZone);
    if (dayStarts.size >= 10_000) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return new Date(start);
}

const dayStarts = new Map<string, number>();

function findStartOfDay(day: Day, timeZone: string): number {
  const wall = Date.UTC(day.year, day.month - 1, day.day);
  const first = wall - offsetMs(wall, timeZone);
  const second = wall - offsetMs(first, timeZone);
  if (first === second) return first;
  const [early, late] = first < second ? [first, second] : [second, first];
  return compareDays(formatDayIn(new Date(early), timeZone), day) === 0 ? early : late;
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
