import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loading } from '../../../lib/messages';
import { promotionKeys } from './keys';

/** A change to promotions or their templates: sent under the loading indicator, then every promotion query is stale. */
export function usePromotionMutation<Input = void, Result = unknown>(send: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => loading.around(send(input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}
