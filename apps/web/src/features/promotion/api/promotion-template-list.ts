import { apiRoutes } from '@sbo/contracts/api/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, type ApiResult } from '../../../lib/api-client';
import { promotionKeys } from './keys';

type PromotionTemplatePage = ApiResult<typeof apiRoutes.promotionTemplateList>;
export const templatePageSize = 20;

/** `GET promotion-template/list`: saved templates, newest first. */
function fetchPromotionTemplates(page: number, signal?: AbortSignal): Promise<PromotionTemplatePage> {
  return callApi(apiRoutes.promotionTemplateList, {
    query: { page, pageSize: templatePageSize },
    signal,
    errors: 'silent',
  });
}

export function usePromotionTemplates(page: number, enabled = true) {
  return useQuery({
    queryKey: promotionKeys.templates(page),
    queryFn: ({ signal }) => fetchPromotionTemplates(page, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
