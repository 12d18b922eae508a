import type { TransactionDetail } from '@sbo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { transactionKeys } from './keys';

/** A full refund; the idempotency key makes a repeated click or a retried call refund once. */
export function useRefundTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<TransactionDetail>({
        method: 'POST',
        path: `transaction/${id}/refund`,
        headers: { 'Idempotency-Key': `refund-${id}-${crypto.randomUUID()}` },
      }),
    onSuccess: (detail) => {
      queryClient.setQueryData(transactionKeys.detail(detail.id), detail);
      return queryClient.invalidateQueries({ queryKey: transactionKeys.all });
    },
  });
}
