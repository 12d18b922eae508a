import { readPageParams, writePageParams } from '../../../lib/page-params';
import type { RecordsPage } from '../api/keys';

/** Page and sort as the address holds them; anything malformed reads as the default. */
export function readRecordsPage(params: URLSearchParams): RecordsPage {
  return {
    ...readPageParams(params),
    sort: params.get('sort') === 'total' ? 'total' : 'createdAt',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
  };
}

export function writeRecordsPage(params: URLSearchParams, page: RecordsPage): URLSearchParams {
  const next = writePageParams(params, page);
  next.set('sort', page.sort);
  next.set('order', page.order);
  return next;
}
