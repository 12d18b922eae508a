import { apiRoutes } from '@sbo/contracts/api/routes';
import { callApi } from '../../../lib/api-client';
import { usePromotionMutation } from './promotion-mutation';

/** `DELETE promotion-template/{id}`: promotions made from it keep their rules. */
function fetchPromotionTemplateDelete(id: number) {
  return callApi(apiRoutes.promotionTemplateDelete, { params: { id } });
}

export function usePromotionTemplateDelete() {
  return usePromotionMutation(fetchPromotionTemplateDelete);
}
