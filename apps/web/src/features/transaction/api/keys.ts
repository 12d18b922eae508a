import type { apiRoutes } from '@sbo/contracts/api/routes';
import type { ApiQuery } from '../../../lib/api-client';
import type { SalesQuery } from '../../../lib/sales-filters';

/** The page, size and order of the records: the list endpoint's own query fields. */
export type RecordsPage = Required<
  Pick<ApiQuery<typeof apiRoutes.transactionList>, 'page' | 'pageSize' | 'sort' | 'order'>
>;

export const transactionKeys = {
  all: ['transactions'] as const,
  list: (query: SalesQuery, page: RecordsPage, timeZone: string) =>
    [...transactionKeys.all, 'list', query, page, timeZone] as const,
  detail: (id: number) => [...transactionKeys.all, 'detail', id] as const,
};
