import type { RecordsPage } from '../api/keys';

const pageSizes = [10, 20, 50, 100] as const;

/** Page and sort as the address holds them; anything malformed reads as the default. */
export function readRecordsPage(params: URLSearchParams): RecordsPage {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('size'));
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    pageSize: (pageSizes as readonly number[]).includes(pageSize) ? pageSize : 20,
    sort: params.get('sort') === 'total' ? 'total' : 'createdAt',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
  };
}

export function writeRecordsPage(params: URLSearchParams, page: RecordsPage): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('page', String(page.page));
  next.set('size', String(page.pageSize));
  next.set('sort', page.sort);
  next.set('order', page.order);
  return next;
}

export const recordPageSizes = pageSizes.map(String);
