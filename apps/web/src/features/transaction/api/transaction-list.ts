import { apiRoutes } from '@sbo/contracts/api/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import type { SalesQuery } from '../../../lib/sales-filters';
import { todayIn } from '../../../lib/sales-range';
import { transactionKeys, type RecordsPage } from './keys';

/** How often a range that includes today asks again, so new sales show without a reload. */
const liveRefreshMs = 10_000;

function fetchTransactionList(query: SalesQuery, page: RecordsPage, timeZone: string, signal?: AbortSignal) {
  return callApi(apiRoutes.transactionList, { query: { ...query, ...page, tz: timeZone }, signal });
}

export function useTransactionList(query: SalesQuery, page: RecordsPage, timeZone: string, enabled = true) {
  const includesToday = query.to >= todayIn(timeZone);
  return useQuery({
    queryKey: transactionKeys.list(query, page, timeZone),
    queryFn: ({ signal }) => fetchTransactionList(query, page, timeZone, signal),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: includesToday ? liveRefreshMs : false,
  });
}
