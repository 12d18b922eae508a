import { apiRoutes } from '@sbo/contracts/api/routes';
import { useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '../../../lib/all-pages';
import { productTemplateQuery } from '../../../lib/template-query';
import { promotionKeys } from './keys';

/** `GET product/{id}`: the courses and prices of the template the live preview prices. Silent. */
export function usePreviewTemplate(productId: number | null) {
  return useQuery(productTemplateQuery([...promotionKeys.all, 'preview-template', productId ?? 0], productId));
}

/** `GET product/list`, every page: the templates the preview offers besides the machines. */
export function usePreviewTemplates(enabled: boolean) {
  return useQuery({
    queryKey: [...promotionKeys.all, 'preview-templates'] as const,
    queryFn: ({ signal }) => fetchAllPages(apiRoutes.productList, { signal, errors: 'silent' }),
    enabled,
    staleTime: 60_000,
  });
}
