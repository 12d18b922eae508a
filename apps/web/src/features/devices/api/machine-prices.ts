import { apiRoutes } from '@sbo/contracts/api/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deviceKeys } from './keys';

/** `GET product/{id}`: the template whose prices the machine echoes. Silent: without it no prices show. */
export function usePricedTemplate(productId: number | null) {
  return useQuery({
    queryKey: [...deviceKeys.productCourses(productId ?? 0), 'prices'] as const,
    queryFn: ({ signal }) =>
      callApi(apiRoutes.productDetail, { params: { id: productId ?? 0 }, signal, errors: 'silent' }),
    enabled: productId !== null,
    staleTime: 60_000,
  });
}

/** `GET promotion/{id}`: the happy hour a machine's prices version names. Silent. */
export function usePricesPromotion(promotionId: number | null) {
  return useQuery({
    queryKey: ['devices', 'prices-promotion', promotionId ?? 0] as const,
    queryFn: ({ signal }) =>
      callApi(apiRoutes.promotionDetail, { params: { id: promotionId ?? 0 }, signal, errors: 'silent' }),
    enabled: promotionId !== null,
    staleTime: 30_000,
    retry: false,
  });
}
