import { cardSorts, cardStatuses, type CardSort, type CardStatus } from '@sbo/contracts/schemas/cards';
import { readPageParams } from '../../../lib/page-params';

/** The card list's search, status filter, member sort and page, as the address holds them. */
export type CardListParams = {
  keyword?: string;
  status?: CardStatus;
  sort: CardSort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

export function readCardListParams(params: URLSearchParams): CardListParams {
  const sort = params.get('sort');
  const status = params.get('status');
  const keyword = (params.get('q') ?? '').trim().slice(0, 40);
  return {
    ...(keyword ? { keyword } : {}),
    ...(status && (cardStatuses as readonly string[]).includes(status) ? { status: status as CardStatus } : {}),
    sort: sort && (cardSorts as readonly string[]).includes(sort) ? (sort as CardSort) : 'openDate',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    ...readPageParams(params),
  };
}

export function writeCardListParams(current: URLSearchParams, next: CardListParams): URLSearchParams {
  const written = new URLSearchParams(current);
  ['q', 'status', 'sort', 'order', 'page', 'size'].forEach((name) => written.delete(name));
  if (next.keyword) written.set('q', next.keyword);
  if (next.status) written.set('status', next.status);
  written.set('sort', next.sort);
  written.set('order', next.order);
  written.set('page', String(next.page));
  written.set('size', String(next.pageSize));
  return written;
}
