import { apiRoutes } from '@sbo/contracts/api/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, type ApiResult } from '../../../lib/api-client';
import { todayIn } from '../../../lib/sales-range';
import { cardKeys, type CardRecordQuery } from './keys';

export type CardRecordPage = ApiResult<typeof apiRoutes.vipCardRecordList>;

/** How often a range that includes today asks again, so a machine's spend shows without a reload. */
const cardLiveRefreshMs = 10_000;

/** `GET vip-card/record/list`: ledger entries of a program, newest first, with the filtered set's totals. */
export function fetchCardRecords(query: CardRecordQuery, signal?: AbortSignal): Promise<CardRecordPage> {
  return callApi(apiRoutes.vipCardRecordList, { query, signal });
}

export function useCardRecords(query: CardRecordQuery, enabled = true) {
  const includesToday = query.tz ? (query.to ?? '') >= todayIn(query.tz) : false;
  return useQuery({
    queryKey: cardKeys.records(query),
    queryFn: ({ signal }) => fetchCardRecords(query, signal),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: includesToday ? cardLiveRefreshMs : false,
  });
}
