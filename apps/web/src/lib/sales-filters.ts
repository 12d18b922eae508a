import { paymentGateways, quickRanges, transactionStatuses } from '@sbo/contracts/constants';
import type { PaymentGateway } from '@sbo/contracts/constants';
import { isDayText, quickRangeDays, withinQueryLimit, type DayRange, type QuickRange } from './sales-range';

/** What the records and the statistics filter by; it lives in the address, so a link shares it. */
export type SalesFilters = {
  range: QuickRange;
  /** Only for a custom range. */
  custom?: DayRange;
  /** The address asked for a custom range over the limit, and `custom` ends on the last day it allows. */
  shortened?: boolean;
  placeId?: number;
  deviceId?: number;
  payGateway?: PaymentGateway;
  status?: number;
};

const statusValues: readonly number[] = Object.values(transactionStatuses);

const isQuickRange = (text: string | null): text is QuickRange =>
  text !== null && (quickRanges as readonly string[]).includes(text);
const isGateway = (text: string | null): text is PaymentGateway =>
  text !== null && (paymentGateways as readonly string[]).includes(text);

function positiveId(text: string | null): number | undefined {
  if (text === null || !/^\d{1,10}$/.test(text)) return undefined;
  const value = Number(text);
  return value > 0 && value <= 2_147_483_647 ? value : undefined;
}

/**
 * Reads the filters from the address; anything malformed falls back to the default instead of failing,
 * and a custom range longer than three months ends on the last day its start allows.
 */
export function readSalesFilters(params: URLSearchParams, defaultRange: QuickRange): SalesFilters {
  const filters: SalesFilters = { range: defaultRange };
  const range = params.get('range');
  const custom = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  if (range === 'custom') {
    if (isDayText(custom.from) && isDayText(custom.to) && custom.from <= custom.to) {
      const kept = withinQueryLimit(custom);
      filters.range = 'custom';
      filters.custom = kept.range;
      if (kept.shortened) filters.shortened = true;
    }
  } else if (isQuickRange(range)) filters.range = range;
  const placeId = positiveId(params.get('place'));
  if (placeId) filters.placeId = placeId;
  const deviceId = positiveId(params.get('device'));
  if (deviceId) filters.deviceId = deviceId;
  const gateway = params.get('gateway');
  if (isGateway(gateway)) filters.payGateway = gateway;
  const status = params.get('status');
  if (status !== null && /^\d+$/.test(status) && statusValues.includes(Number(status))) filters.status = Number(status);
  return filters;
}

/** Writes the filters into the address, keeping other values (page, sort, grouping) as they are. */
export function writeSalesFilters(params: URLSearchParams, filters: SalesFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  ['range', 'from', 'to', 'place', 'device', 'gateway', 'status'].forEach((name) => next.delete(name));
  next.set('range', filters.range);
  if (filters.range === 'custom' && filters.custom) {
    next.set('from', filters.custom.from);
    next.set('to', filters.custom.to);
  }
  if (filters.placeId) next.set('place', String(filters.placeId));
  if (filters.deviceId) next.set('device', String(filters.deviceId));
  if (filters.payGateway) next.set('gateway', filters.payGateway);
  if (filters.status !== undefined) next.set('status', String(filters.status));
  return next;
}

/** The days the filters cover; a custom range without days reads as today. */
export function salesDays(filters: SalesFilters, timeZone: string, now: Date = new Date()): DayRange {
  if (filters.range !== 'custom') return quickRangeDays(filters.range, timeZone, now);
  return filters.custom ?? quickRangeDays('today', timeZone, now);
}

export type SalesQuery = {
  from: string;
  to: string;
  placeId?: number;
  deviceId?: number;
  payGateway?: PaymentGateway;
  status?: number;
};

/** The API query of the filters: the quick range turned into days in the merchant's zone. */
export function toSalesQuery(filters: SalesFilters, timeZone: string, now: Date = new Date()): SalesQuery {
  const query: SalesQuery = { ...salesDays(filters, timeZone, now) };
  if (filters.placeId) query.placeId = filters.placeId;
  if (filters.deviceId) query.deviceId = filters.deviceId;
  if (filters.payGateway) query.payGateway = filters.payGateway;
  if (filters.status !== undefined) query.status = filters.status;
  return query;
}
