import { apiRoutes } from '@sbo/contracts/api/routes';
import { callApi, type ApiResult } from '../../../lib/api-client';

type PromotionTemplateView = ApiResult<typeof apiRoutes.promotionTemplateDetail>;

/** `GET promotion-template/{id}`: the rules the create form starts from (1109001 when it is gone). */
export function fetchPromotionTemplate(id: number, signal?: AbortSignal): Promise<PromotionTemplateView> {
  return callApi(apiRoutes.promotionTemplateDetail, { params: { id }, signal });
}
