import type { PromotionTemplateInput } from '@sbo/contracts';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, type ApiResult } from '../../../lib/api-client';
import { loading } from '../../../lib/messages';
import { promotionKeys } from './keys';

export type SavedTemplate = ApiResult<typeof apiRoutes.promotionTemplateCreate>;

/** `POST promotion-template`: from a saved promotion (`promotionId`) or from the form's rules. */
export function fetchPromotionTemplateCreate(input: PromotionTemplateInput): Promise<SavedTemplate> {
  return callApi(apiRoutes.promotionTemplateCreate, { body: input });
}

export function usePromotionTemplateCreate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PromotionTemplateInput) => loading.around(fetchPromotionTemplateCreate(input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}
