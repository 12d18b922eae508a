import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, type ApiInput } from '../../../lib/api-client';
import { cardKeys } from './keys';

type CardCreateInput = ApiInput<typeof apiRoutes.vipCardCreate>['body'];

/** `POST vip-card`: issue a physical card of either program. */
export function useCreateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CardCreateInput) => callApi(apiRoutes.vipCardCreate, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardKeys.all }),
  });
}
