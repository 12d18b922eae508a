import { apiRoutes } from '@sbo/contracts/api/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { topUpPoll } from '../utils/card-top-up';
import { checkoutKeys } from './keys';

export function fetchCardTopUp(orderId: string, signal?: AbortSignal) {
  return callApi(apiRoutes.cardTopUpGet, { params: { orderId }, signal, errors: 'silent' });
}

const cardTopUpQuery = (orderId: string) =>
  queryOptions({
    queryKey: checkoutKeys.cardTopUp(orderId),
    queryFn: ({ signal }) => fetchCardTopUp(orderId, signal),
    retry: false,
  });

/** The top-up followed until the gateway's answer is in (the api usually has it before the page loads). */
export const useCardTopUp = (orderId: string) =>
  useQuery({
    ...cardTopUpQuery(orderId),
    refetchInterval: (query) => (query.state.status === 'error' ? false : topUpPoll(query.state.data?.status)),
  });
