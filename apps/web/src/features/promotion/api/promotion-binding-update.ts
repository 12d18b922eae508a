import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, type ApiInput, type ApiResult } from '../../../lib/api-client';
import { loading } from '../../../lib/messages';
import { promotionKeys } from './keys';

type PromotionBindingInput = ApiInput<typeof apiRoutes.promotionBindingUpdate>['body'];
type SavedBinding = ApiResult<typeof apiRoutes.promotionBindingUpdate>;

/** `PUT promotion/{id}/binding`. Unshown: 1109004 names the other promotion, which the screen shows. */
export function fetchPromotionBindingUpdate(id: number, body: PromotionBindingInput): Promise<SavedBinding> {
  return callApi(apiRoutes.promotionBindingUpdate, { params: { id }, body, errors: 'silent' });
}

export function usePromotionBindingUpdate(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PromotionBindingInput) => loading.around(fetchPromotionBindingUpdate(id, body)),
    onSuccess: (binding) => {
      queryClient.setQueryData(promotionKeys.binding(id), binding);
      return queryClient.invalidateQueries({ queryKey: promotionKeys.all });
    },
  });
}
