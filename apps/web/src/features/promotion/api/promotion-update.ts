import type { PromotionInput } from '@sbo/contracts';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { callApi, type ApiResult } from '../../../lib/api-client';
import { usePromotionMutation } from './promotion-mutation';

type UpdatedPromotion = ApiResult<typeof apiRoutes.promotionUpdate>;

/** `PUT promotion/{id}`: a pending or active one (1109005 otherwise, 1109004 for times over another). */
function fetchPromotionUpdate(id: number, input: PromotionInput): Promise<UpdatedPromotion> {
  return callApi(apiRoutes.promotionUpdate, { params: { id }, body: input, errors: 'silent' });
}

export function usePromotionUpdate(id: number) {
  return usePromotionMutation((input: PromotionInput) => fetchPromotionUpdate(id, input));
}
