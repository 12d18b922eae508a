import { apiRoutes } from '@sbo/contracts/api/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, type ApiResult } from '../../../lib/api-client';
import { promotionKeys, type PromotionListQuery } from './keys';

type PromotionPage = ApiResult<typeof apiRoutes.promotionList>;

/** `GET promotion/list`: newest first, one status tab and category, with a count per tab. */
export function fetchPromotionList(query: PromotionListQuery, signal?: AbortSignal): Promise<PromotionPage> {
  return callApi(apiRoutes.promotionList, { query, signal, errors: 'silent' });
}

export function usePromotionList(query: PromotionListQuery, enabled = true) {
  return useQuery({
    queryKey: promotionKeys.list(query),
    queryFn: ({ signal }) => fetchPromotionList(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
