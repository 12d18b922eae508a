import { logTypes, maxQueryRangeMonths, quickRanges } from '@sbo/contracts';
import dayjs, { type Dayjs } from 'dayjs';

export type LogType = (typeof logTypes)[number];
export type QuickRange = (typeof quickRanges)[number];
export type DeviceLogFilters = {
  page: number;
  deviceId?: number;
  logType?: LogType;
  range: QuickRange;
  from: string;
  to: string;
  /** The address asked for a custom range over the limit, and `to` is the last day `from` allows. */
  shortened?: boolean;
};

const day = (value: Dayjs) => value.format('YYYY-MM-DD');
const isDay = (value: string | null): value is string => !!value && dayjs(value, 'YYYY-MM-DD', true).isValid();

/**
 * The first and last day (inclusive) of a quick range, counted from `today` (YYYY-MM-DD, the
 * merchant's day: weeks start on Monday).
 */
export function quickRangeDays(range: Exclude<QuickRange, 'custom'>, today: string): { from: string; to: string } {
  const start = dayjs(today).startOf('day');
  switch (range) {
    case 'today':
      return { from: day(start), to: day(start) };
    case 'yesterday':
      return { from: day(start.subtract(1, 'day')), to: day(start.subtract(1, 'day')) };
    case 'thisWeek':
      return { from: day(start.subtract((start.day() + 6) % 7, 'day')), to: day(start) };
    case 'thisMonth':
      return { from: day(start.startOf('month')), to: day(start) };
    case 'oneMonth':
      return { from: day(start.subtract(1, 'month')), to: day(start) };
    case 'threeMonths':
      return { from: day(start.subtract(maxQueryRangeMonths, 'month')), to: day(start) };
  }
}

/** Whether a custom range stays within the query limit (three months, as the server counts it). */
export function withinQueryLimit(from: string, to: string): boolean {
  return !dayjs(to).isAfter(dayjs(from).add(maxQueryRangeMonths, 'month'));
}

const isLogType = (value: string | null): value is LogType => (logTypes as readonly string[]).includes(value ?? '');
const isQuickRange = (value: string | null): value is QuickRange =>
  (quickRanges as readonly string[]).includes(value ?? '');

/**
 * The filters the address holds (`?deviceId=&logType=&range=&from=&to=&page=`), so a filtered log
 * can be reloaded and shared. Without a range: `today` (the merchant's day, YYYY-MM-DD). A custom
 * range longer than three months ends on the last day its start allows (`shortened`): the api would
 * refuse it (1103001), so it is never asked.
 */
export function filtersFromSearch(search: URLSearchParams, today: string): DeviceLogFilters {
  const deviceId = Number(search.get('deviceId'));
  const logType = search.get('logType');
  const rangeParam = search.get('range');
  const [from, to] = [search.get('from'), search.get('to')];
  const page = Math.max(1, Math.floor(Number(search.get('page'))) || 1);
  const common = {
    page,
    ...(Number.isSafeInteger(deviceId) && deviceId > 0 ? { deviceId } : {}),
    ...(isLogType(logType) ? { logType } : {}),
  };
  if ((rangeParam === 'custom' || !rangeParam) && isDay(from) && isDay(to) && from <= to) {
    if (withinQueryLimit(from, to)) return { ...common, range: 'custom', from, to };
    const last = day(dayjs(from).add(maxQueryRangeMonths, 'month'));
    return { ...common, range: 'custom', from, to: last, shortened: true };
  }
  const range = isQuickRange(rangeParam) && rangeParam !== 'custom' ? rangeParam : 'today';
  return { ...common, range, ...quickRangeDays(range, today) };
}

/** The address of a set of filters; quick ranges keep only their name, so "today" stays today. */
export function searchFromFilters(filters: DeviceLogFilters): Record<string, string> {
  return {
    ...(filters.deviceId ? { deviceId: String(filters.deviceId) } : {}),
    ...(filters.logType ? { logType: filters.logType } : {}),
    range: filters.range,
    ...(filters.range === 'custom' ? { from: filters.from, to: filters.to } : {}),
    ...(filters.page > 1 ? { page: String(filters.page) } : {}),
  };
}
