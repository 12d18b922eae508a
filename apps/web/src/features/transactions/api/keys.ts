import type { SalesQuery } from '../../../lib/sales-filters';

export type RecordsPage = { page: number; pageSize: number; sort: 'createdAt' | 'total'; order: 'asc' | 'desc' };

export const transactionKeys = {
  all: ['transactions'] as const,
  list: (query: SalesQuery, page: RecordsPage, timeZone: string) =>
    [...transactionKeys.all, 'list', query, page, timeZone] as const,
  detail: (id: number) => [...transactionKeys.all, 'detail', id] as const,
};
