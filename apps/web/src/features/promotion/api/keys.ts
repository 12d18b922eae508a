import type { apiRoutes } from '@sbo/contracts/api/routes';
import type { ApiQuery } from '../../../lib/api-client';

export type PromotionListQuery = ApiQuery<typeof apiRoutes.promotionList>;

/** Query keys of the promotion screens; every change invalidates `all` (lists, detail, binding, effect). */
export const promotionKeys = {
  all: ['promotions'] as const,
  list: (query: PromotionListQuery) => [...promotionKeys.all, 'list', query] as const,
  detail: (id: number) => [...promotionKeys.all, 'detail', id] as const,
  binding: (id: number) => [...promotionKeys.all, 'binding', id] as const,
  effect: (id: number) => [...promotionKeys.all, 'effect', id] as const,
  templates: (page: number) => [...promotionKeys.all, 'templates', page] as const,
  template: (id: number) => [...promotionKeys.all, 'template', id] as const,
};
