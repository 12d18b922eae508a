import { apiRoutes } from '@sbo/contracts/api/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { checkoutKeys } from './keys';

/** The external addresses the app-variant pages redirect to (api settings; null when not set up). */
export function fetchCheckoutLinks(signal?: AbortSignal) {
  return callApi(apiRoutes.checkoutLinks, { signal, errors: 'silent' });
}

const checkoutLinksQuery = () =>
  queryOptions({
    queryKey: checkoutKeys.links(),
    queryFn: ({ signal }) => fetchCheckoutLinks(signal),
    staleTime: Infinity,
  });

export const useCheckoutLinks = () => useQuery(checkoutLinksQuery());
