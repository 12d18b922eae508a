import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, type ApiResult } from '../../../lib/api-client';
import { loading } from '../../../lib/messages';
import { promotionKeys } from './keys';

export type StoppedPromotion = ApiResult<typeof apiRoutes.promotionStop>;

/** `POST promotion/{id}/stop`: stopped by hand (disabled), after the screen's confirmation. */
export function fetchPromotionStop(id: number): Promise<StoppedPromotion> {
  return callApi(apiRoutes.promotionStop, { params: { id } });
}

export function usePromotionStop(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => loading.around(fetchPromotionStop(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}
