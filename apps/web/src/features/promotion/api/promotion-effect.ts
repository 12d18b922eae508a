import { apiRoutes } from '@sbo/contracts/api/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi, type ApiResult } from '../../../lib/api-client';
import { promotionKeys } from './keys';

export type PromotionEffectView = ApiResult<typeof apiRoutes.promotionEffect>;

/** `GET promotion/{id}/effect`: during vs. the same hours of the four weeks before the start. */
function fetchPromotionEffect(id: number, signal?: AbortSignal): Promise<PromotionEffectView> {
  return callApi(apiRoutes.promotionEffect, { params: { id }, signal, errors: 'silent' });
}

export function usePromotionEffect(id: number, enabled = true) {
  return useQuery({
    queryKey: promotionKeys.effect(id),
    queryFn: ({ signal }) => fetchPromotionEffect(id, signal),
    enabled,
  });
}
