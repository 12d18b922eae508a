import { cardEntryKinds, type CardEntryKind, type CardProgram } from '@sbo/contracts/schemas/cards';
import type { PageParams } from '../../../lib/page-params';
import { readSalesFilters, salesDays, writeSalesFilters, type SalesFilters } from '../../../lib/sales-filters';
import type { QuickRange } from '../../../lib/sales-range';
import type { CardRecordQuery } from '../api/keys';

/** What the card records filter by; it lives in the address, so a link shares it. */
export type CardRecordFilters = Pick<SalesFilters, 'range' | 'custom' | 'shortened' | 'placeId' | 'deviceId'> & {
  kind?: CardEntryKind;
  /** A card number or part of one. */
  keyword?: string;
};

const isKind = (text: string | null): text is CardEntryKind =>
  text !== null && (cardEntryKinds as readonly string[]).includes(text);

/** The filters as the address holds them; anything malformed reads as the default. */
export function readCardRecordFilters(params: URLSearchParams, defaultRange: QuickRange): CardRecordFilters {
  const { range, custom, shortened, placeId, deviceId } = readSalesFilters(params, defaultRange);
  const filters: CardRecordFilters = { range };
  if (custom) filters.custom = custom;
  if (shortened) filters.shortened = shortened;
  if (placeId) filters.placeId = placeId;
  if (deviceId) filters.deviceId = deviceId;
  const kind = params.get('kind');
  if (isKind(kind)) filters.kind = kind;
  const keyword = (params.get('card') ?? '').replace(/\D/g, '').slice(0, 20);
  if (keyword) filters.keyword = keyword;
  return filters;
}

/** Writes the filters, keeping the rest of the address; a change of filters starts at the first page. */
export function writeCardRecordFilters(params: URLSearchParams, filters: CardRecordFilters): URLSearchParams {
  const next = writeSalesFilters(params, filters);
  next.delete('kind');
  next.delete('card');
  next.delete('page');
  if (filters.kind) next.set('kind', filters.kind);
  if (filters.keyword) next.set('card', filters.keyword);
  return next;
}

type Fixed = { program: CardProgram; cardId?: number; deviceId?: number };

/** The API query: the quick range turned into days in the merchant's zone, plus what the screen fixes. */
export function toCardRecordQuery(
  filters: CardRecordFilters,
  page: PageParams,
  fixed: Fixed,
  timeZone: string,
  now: Date = new Date(),
): CardRecordQuery {
  const query: CardRecordQuery = {
    program: fixed.program,
    ...salesDays(filters, timeZone, now),
    page: page.page,
    pageSize: page.pageSize,
    tz: timeZone,
  };
  if (filters.placeId) query.placeId = filters.placeId;
  const deviceId = fixed.deviceId ?? filters.deviceId;
  if (deviceId) query.deviceId = deviceId;
  if (filters.kind) query.kind = filters.kind;
  if (fixed.cardId) query.cardId = fixed.cardId;
  else if (filters.keyword) query.keyword = filters.keyword;
  return query;
}
