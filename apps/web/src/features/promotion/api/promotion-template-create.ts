import type { PromotionTemplateInput } from '@sbo/contracts';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { callApi, type ApiResult } from '../../../lib/api-client';
import { usePromotionMutation } from './promotion-mutation';

type SavedTemplate = ApiResult<typeof apiRoutes.promotionTemplateCreate>;

/** `POST promotion-template`: from a saved promotion (`promotionId`) or from the form's rules. */
function fetchPromotionTemplateCreate(input: PromotionTemplateInput): Promise<SavedTemplate> {
  return callApi(apiRoutes.promotionTemplateCreate, { body: input });
}

export function usePromotionTemplateCreate() {
  return usePromotionMutation(fetchPromotionTemplateCreate);
}
