import type { StatisticsGrouping } from '@sbo/contracts';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import type { SalesQuery } from '../../../lib/sales-filters';
import { statisticsKeys } from './statistics-keys';

export function useRevenueStatistics(query: SalesQuery, groupBy: StatisticsGrouping, timeZone: string, enabled = true) {
  // Statistics take no status filter: they count every sale and subtract refunds.
  const { status: _status, ...filters } = query;
  return useQuery({
    queryKey: statisticsKeys.revenue(filters, groupBy, timeZone),
    queryFn: ({ signal }) =>
      callApi(apiRoutes.revenueStatistics, { query: { ...filters, groupBy, tz: timeZone }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
