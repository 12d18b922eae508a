import { apiRoutes } from '@sbo/contracts/api/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, type ApiResult } from '../../../lib/api-client';
import { authKeys } from './keys';

type MerchantList = ApiResult<typeof apiRoutes.merchantList>;

/** `GET merchant/list` (login token): the merchants the signed-in user belongs to. */
function fetchMerchantList(signal?: AbortSignal): Promise<MerchantList> {
  return callApi(apiRoutes.merchantList, { signal, errors: 'silent' });
}

const merchantListQuery = () =>
  queryOptions({ queryKey: authKeys.merchants(), queryFn: ({ signal }) => fetchMerchantList(signal), staleTime: 0 });

export function useMerchantList() {
  return useQuery(merchantListQuery());
}
