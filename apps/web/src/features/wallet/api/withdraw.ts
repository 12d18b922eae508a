import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { walletKeys } from './keys';

/**
 * Withdraws everything withdrawable to the default verified account. The key names one intended
 * withdrawal: a retry with the same key gets the first answer instead of paying out twice.
 */
function withdraw(idempotencyKey: string) {
  return callApi(apiRoutes.walletWithdraw, { headers: { 'idempotency-key': idempotencyKey } });
}

export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdraw,
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
