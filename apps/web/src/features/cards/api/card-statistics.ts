import { apiRoutes } from '@sbo/contracts/api/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { cardKeys, type CardStatisticsQuery } from './keys';

/** `GET vip-card/statistics`: cards, money in and out and the outstanding balance, by day. */
export function useCardStatistics(query: CardStatisticsQuery, enabled = true) {
  return useQuery({
    queryKey: cardKeys.statistics(query),
    queryFn: ({ signal }) => callApi(apiRoutes.vipCardStatistics, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
