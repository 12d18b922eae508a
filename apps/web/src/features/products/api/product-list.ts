import type { ProductTemplate } from '@sbo/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { productKeys } from './keys';

type ProductPage = { items: ProductTemplate[]; total: number; page: number; pageSize: number };
export const productPageSize = 20;

/** `GET product/list`: the merchant's templates, newest first, optionally of one type. */
export function useProductList(page: number, type: ProductTemplate['type'] | undefined) {
  return useQuery({
    queryKey: productKeys.list(page, type),
    queryFn: ({ signal }) =>
      apiRequest<ProductPage>({
        path: 'product/list',
        query: { page, pageSize: productPageSize, type },
        signal,
        errors: 'silent',
      }),
    placeholderData: keepPreviousData,
  });
}
