import { apiRoutes } from '@sbo/contracts/api/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { nextPoll } from '../utils/order-progress';
import { checkoutKeys } from './keys';

export function fetchCheckoutOrder(orderId: string, signal?: AbortSignal) {
  return callApi(apiRoutes.checkoutOrderGet, { params: { orderId }, signal, errors: 'silent' });
}

const checkoutOrderQuery = (orderId: string) =>
  queryOptions({
    queryKey: checkoutKeys.order(orderId),
    queryFn: ({ signal }) => fetchCheckoutOrder(orderId, signal),
    retry: false,
  });

/** The order followed live: asked again every 1.5 s, also in a background tab, until it ends. */
export const useCheckoutOrder = (orderId: string) =>
  useQuery({
    ...checkoutOrderQuery(orderId),
    refetchInterval: (query) =>
      query.state.data === undefined && query.state.status === 'error' ? false : nextPoll(query.state.data?.status),
    refetchIntervalInBackground: true,
  });
