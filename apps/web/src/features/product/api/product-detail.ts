import { apiRoutes } from '@sbo/contracts/api/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { productKeys } from './keys';

/** `GET product/{id}`; 1107001 for a template that does not exist or is not the merchant's. */
export function useProduct(id: number | null) {
  return useQuery({
    queryKey: productKeys.detail(id ?? 0),
    queryFn: ({ signal }) => callApi(apiRoutes.productDetail, { params: { id: id ?? 0 }, signal, errors: 'silent' }),
    enabled: id !== null,
    retry: false,
  });
}
