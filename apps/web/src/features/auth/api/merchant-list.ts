import type { MerchantListItem } from '@sbo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './keys';

/** `GET merchant/list` (login token): the merchants the signed-in user belongs to. */
export function fetchMerchantList(signal?: AbortSignal): Promise<MerchantListItem[]> {
  return apiRequest<MerchantListItem[]>({ path: 'merchant/list', token: 'login', signal, errors: 'silent' });
}

export const merchantListQuery = () =>
  queryOptions({ queryKey: authKeys.merchants(), queryFn: ({ signal }) => fetchMerchantList(signal), staleTime: 0 });

export function useMerchantList() {
  return useQuery(merchantListQuery());
}
