import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { loading } from '../../../lib/messages';
import { promotionKeys } from './keys';

/** `DELETE promotion-template/{id}`: promotions made from it keep their rules. */
export function fetchPromotionTemplateDelete(id: number) {
  return callApi(apiRoutes.promotionTemplateDelete, { params: { id } });
}

export function usePromotionTemplateDelete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => loading.around(fetchPromotionTemplateDelete(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}
