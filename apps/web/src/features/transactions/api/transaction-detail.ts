import type { TransactionDetail } from '@sbo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { transactionKeys } from './keys';

export function useTransactionDetail(id: number | null) {
  return useQuery({
    queryKey: transactionKeys.detail(id ?? 0),
    queryFn: ({ signal }) => apiRequest<TransactionDetail>({ path: `transaction/${id}`, signal }),
    enabled: id !== null,
  });
}
