import { apiRoutes } from '@sbo/contracts/api/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi, type ApiResult } from '../../../lib/api-client';
import { promotionKeys } from './keys';

type PromotionBindingView = ApiResult<typeof apiRoutes.promotionBindingGet>;

/** `GET promotion/{id}/binding`: places and machines, which are bound, which another promotion holds. */
function fetchPromotionBinding(id: number, signal?: AbortSignal): Promise<PromotionBindingView> {
  return callApi(apiRoutes.promotionBindingGet, { params: { id }, signal, errors: 'silent' });
}

export function usePromotionBinding(id: number, enabled = true) {
  return useQuery({
    queryKey: promotionKeys.binding(id),
    queryFn: ({ signal }) => fetchPromotionBinding(id, signal),
    enabled,
  });
}
