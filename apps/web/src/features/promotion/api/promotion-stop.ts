import { apiRoutes } from '@sbo/contracts/api/routes';
import { callApi, type ApiResult } from '../../../lib/api-client';
import { usePromotionMutation } from './promotion-mutation';

type StoppedPromotion = ApiResult<typeof apiRoutes.promotionStop>;

/** `POST promotion/{id}/stop`: stopped by hand (disabled), after the screen's confirmation. */
export function fetchPromotionStop(id: number): Promise<StoppedPromotion> {
  return callApi(apiRoutes.promotionStop, { params: { id } });
}

export function usePromotionStop(id: number) {
  return usePromotionMutation(() => fetchPromotionStop(id));
}
