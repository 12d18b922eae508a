import type { Withdrawal } from '@sbo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { walletKeys } from './keys';

/**
 * Withdraws everything withdrawable to the default verified account. The key names one intended
 * withdrawal: a retry with the same key gets the first answer instead of paying out twice.
 */
export function withdraw(idempotencyKey: string): Promise<Withdrawal> {
  return apiRequest<Withdrawal>({
    method: 'POST',
    path: 'wallet/withdraw',
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdraw,
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
