import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, type ApiInput } from '../../../lib/api-client';
import { cardKeys } from './keys';

type StaffTopUp = ApiInput<typeof apiRoutes.vipCardTopUp>['body'];

/**
 * `POST vip-card/{id}/top-up`: paid at the counter, with its tier's reward. The key is the dialog's: a double
 * click or a retry of the same dialog tops up once.
 */
export function fetchCardTopUp(id: number, body: StaffTopUp, idempotencyKey: string) {
  return callApi(apiRoutes.vipCardTopUp, { params: { id }, body, headers: { 'idempotency-key': idempotencyKey } });
}

export function useCardTopUp(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: StaffTopUp; idempotencyKey: string }) =>
      fetchCardTopUp(id, body, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardKeys.all }),
  });
}
