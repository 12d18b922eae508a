import { apiRoutes } from '@sbo/contracts/api/routes';
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { callApi } from './api-client';

/**
 * `GET product/{id}`, silent, once a template is named: the courses and prices a machine or a promotion
 * preview shows beside its own. Each screen keeps it under its own key.
 */
export const productTemplateQuery = (queryKey: QueryKey, productId: number | null) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      callApi(apiRoutes.productDetail, { params: { id: productId ?? 0 }, signal, errors: 'silent' }),
    enabled: productId !== null,
    staleTime: 60_000,
  });
