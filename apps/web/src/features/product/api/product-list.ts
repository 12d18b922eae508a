import { apiRoutes } from '@sbo/contracts/api/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, type ApiQuery } from '../../../lib/api-client';
import { productKeys } from './keys';

export const productPageSize = 20;

/** `GET product/list`: the merchant's templates, newest first, optionally of one type. */
export function useProductList(page: number, type: ApiQuery<typeof apiRoutes.productList>['type']) {
  return useQuery({
    queryKey: productKeys.list(page, type),
    queryFn: ({ signal }) =>
      callApi(apiRoutes.productList, {
        query: { page, pageSize: productPageSize, type },
        signal,
        errors: 'silent',
      }),
    placeholderData: keepPreviousData,
  });
}
