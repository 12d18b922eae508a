import { apiRoutes } from '@sbo/contracts/api/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { transactionKeys } from './keys';

export function useTransactionDetail(id: number | null) {
  return useQuery({
    queryKey: transactionKeys.detail(id ?? 0),
    queryFn: ({ signal }) => callApi(apiRoutes.transactionDetail, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}
