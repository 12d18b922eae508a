import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { transactionKeys } from './keys';

/** A full refund; the idempotency key makes a repeated click or a retried call refund once. */
export function useRefundTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      callApi(apiRoutes.transactionRefund, {
        params: { id },
        headers: { 'idempotency-key': `refund-${id}-${crypto.randomUUID()}` },
      }),
    onSuccess: (detail) => {
      queryClient.setQueryData(transactionKeys.detail(detail.id), detail);
      return queryClient.invalidateQueries({ queryKey: transactionKeys.all });
    },
  });
}
