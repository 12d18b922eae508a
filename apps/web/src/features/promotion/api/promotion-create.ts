import type { PromotionInput } from '@sbo/contracts';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { callApi, type ApiResult } from '../../../lib/api-client';
import { usePromotionMutation } from './promotion-mutation';

type CreatedPromotion = ApiResult<typeof apiRoutes.promotionCreate>;

/** `POST promotion`. Failures come back unshown: the end-date 400 goes on its field. */
function fetchPromotionCreate(input: PromotionInput): Promise<CreatedPromotion> {
  return callApi(apiRoutes.promotionCreate, { body: input, errors: 'silent' });
}

export function usePromotionCreate() {
  return usePromotionMutation(fetchPromotionCreate);
}
