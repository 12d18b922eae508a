import { ErrorCode, maxQueryRangeMonths } from '@sbo/contracts';
import { AppError } from './app-error';
import { addDays, addMonths, compareDays, dayIn, parseDay, startOfDay, type Day } from './time-zone';

export type DayRange = { first: Day; last: Day; from: Date; until: Date };

/**
 * A range of whole days in `timeZone`, as the list screens ask for it: `from` and `to` inclusive
 * (`YYYY-MM-DD`), by default the last `defaultDays` days up to today. A range longer than three
 * months answers 1103001; `from` after `to` or a day that does not exist answers 1106001.
 */
export function dayRange(
  query: { from?: string; to?: string },
  timeZone: string,
  now: Date,
  defaultDays = 7,
): DayRange {
  const read = (text: string | undefined): Day | undefined => {
    if (text === undefined) return undefined;
    const day = parseDay(text);
    if (!day) throw new AppError(ErrorCode.TIME_RANGE_INVALID);
    return day;
  };
  const last = read(query.to) ?? dayIn(now, timeZone);
  const first = read(query.from) ?? addDays(last, -(defaultDays - 1));
  if (compareDays(first, last) > 0) throw new AppError(ErrorCode.TIME_RANGE_INVALID);
  if (compareDays(last, addMonths(first, maxQueryRangeMonths)) > 0) throw new AppError(ErrorCode.QUERY_RANGE_TOO_LONG);
  return { first, last, from: startOfDay(first, timeZone), until: startOfDay(addDays(last, 1), timeZone) };
}

export const formatDay = (day: Day): string =>
  `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
