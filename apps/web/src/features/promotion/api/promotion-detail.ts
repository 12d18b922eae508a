import { apiRoutes } from '@sbo/contracts/api/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi, type ApiResult } from '../../../lib/api-client';
import { promotionKeys } from './keys';

type PromotionDetail = ApiResult<typeof apiRoutes.promotionDetail>;

/** `GET promotion/{id}`: 1109002 for one that does not exist or is another merchant's. */
function fetchPromotion(id: number, signal?: AbortSignal): Promise<PromotionDetail> {
  return callApi(apiRoutes.promotionDetail, { params: { id }, signal, errors: 'silent' });
}

export function usePromotion(id: number | null) {
  return useQuery({
    queryKey: promotionKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchPromotion(id ?? 0, signal),
    enabled: id !== null,
    retry: false,
  });
}
