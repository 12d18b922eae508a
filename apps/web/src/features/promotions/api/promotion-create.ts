import type { PromotionInput } from '@sbo/contracts';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, type ApiResult } from '../../../lib/api-client';
import { loading } from '../../../lib/messages';
import { promotionKeys } from './keys';

export type CreatedPromotion = ApiResult<typeof apiRoutes.promotionCreate>;

/** `POST promotion`. Failures come back unshown: the end-date 400 goes on its field. */
export function fetchPromotionCreate(input: PromotionInput): Promise<CreatedPromotion> {
  return callApi(apiRoutes.promotionCreate, { body: input, errors: 'silent' });
}

export function usePromotionCreate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PromotionInput) => loading.around(fetchPromotionCreate(input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}
