import { maxQueryRangeMonths, quickRanges } from '@sbo/contracts/constants';

export type QuickRange = (typeof quickRanges)[number];
/** A calendar day as the API reads it: YYYY-MM-DD in the merchant's time zone. */
export type DayText = string;
export type DayRange = { from: DayText; to: DayText };

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isDayText(text: string): boolean {
  const match = dayPattern.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

const toUtcDate = (day: DayText) => new Date(`${day}T00:00:00Z`);
const toDayText = (date: Date): DayText => date.toISOString().slice(0, 10);

function addDays(day: DayText, days: number): DayText {
  const date = toUtcDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return toDayText(date);
}

/** Months later or earlier, clamped to the month's last day (31 Mar - 1 month = 28/29 Feb). */
export function addMonths(day: DayText, months: number): DayText {
  const date = toUtcDate(day);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return toDayText(target);
}

/** Today's date in a time zone (the merchant's, not the browser's). */
export function todayIn(timeZone: string, now: Date = new Date()): DayText {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(now)
    .reduce<Record<string, string>>((found, part) => ({ ...found, [part.type]: part.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Weeks start on Monday, as the statistics' week buckets do. */
function mondayOf(day: DayText): DayText {
  const weekday = toUtcDate(day).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

type FixedRange = Exclude<QuickRange, 'custom'>;

/** The days a quick range covers, ending today in the given zone. */
export function quickRangeDays(range: FixedRange, timeZone: string, now: Date = new Date()): DayRange {
  const today = todayIn(timeZone, now);
  switch (range) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'thisWeek':
      return { from: mondayOf(today), to: today };
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'oneMonth':
      return { from: addDays(addMonths(today, -1), 1), to: today };
    case 'threeMonths':
      return { from: addDays(addMonths(today, -maxQueryRangeMonths), 1), to: today };
  }
}

/** The API's limit (spec section 5): the last day at most three months after the first. */
export function isWithinQueryLimit({ from, to }: DayRange): boolean {
  return from <= to && to <= addMonths(from, maxQueryRangeMonths);
}

/** The last day a range starting on `from` may reach: three months on, and never after today. */
export function lastAllowedDay(from: DayText, today: DayText): DayText {
  const limit = addMonths(from, maxQueryRangeMonths);
  return limit < today ? limit : today;
}

/**
 * A range asked for in an address, kept within the limit: one longer than three months ends on the
 * last day its start allows (the screen says so), so it is never sent to the api to be refused.
 */
export function withinQueryLimit(range: DayRange): { range: DayRange; shortened: boolean } {
  if (range.from > range.to || isWithinQueryLimit(range)) return { range, shortened: false };
  return { range: { from: range.from, to: addMonths(range.from, maxQueryRangeMonths) }, shortened: true };
}
