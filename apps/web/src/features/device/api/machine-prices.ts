import { apiRoutes } from '@sbo/contracts/api/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { productTemplateQuery } from '../../../lib/template-query';
import { deviceKeys } from './keys';

/** `GET product/{id}`: the template whose prices the machine echoes. Silent: without it no prices show. */
export function usePricedTemplate(productId: number | null) {
  return useQuery(productTemplateQuery([...deviceKeys.productCourses(productId ?? 0), 'prices'], productId));
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
