import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { cardKeys } from './keys';

/** `PUT vip-card/{id}/status`: activate, or cancel for good. */
export function useCardStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: 'active' | 'cancelled') =>
      callApi(apiRoutes.vipCardStatus, { params: { id }, body: { status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardKeys.all }),
  });
}
