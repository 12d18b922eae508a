import { promotionCategories, promotionStatuses } from '@sbo/contracts';
import type { PromotionListQuery } from '../api/keys';

export type PromotionTab = (typeof promotionStatuses)[number] | 'all';
export type PromotionCategory = (typeof promotionCategories)[number];
const promotionTabs: readonly PromotionTab[] = ['all', ...promotionStatuses];
export const promotionPageSize = 20;

export type PromotionListParams = { tab: PromotionTab; category?: PromotionCategory; page: number };

const isTab = (value: string | null): value is PromotionTab =>
  value !== null && (promotionTabs as readonly string[]).includes(value);
const isCategory = (value: string | null): value is PromotionCategory =>
  value !== null && (promotionCategories as readonly string[]).includes(value);

/** The list's tab, category and page from the address (`?status=active&category=time_discount&page=2`). */
export function readPromotionListParams(params: URLSearchParams): PromotionListParams {
  const status = params.get('status');
  const category = params.get('category');
  const page = Number(params.get('page'));
  return {
    tab: isTab(status) ? status : 'all',
    category: isCategory(category) ? category : undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function writePromotionListParams(current: URLSearchParams, next: PromotionListParams): URLSearchParams {
  const params = new URLSearchParams(current);
  const set = (key: string, value: string | undefined) => (value ? params.set(key, value) : params.delete(key));
  set('status', next.tab === 'all' ? undefined : next.tab);
  set('category', next.category);
  set('page', next.page > 1 ? String(next.page) : undefined);
  return params;
}

/** What `promotion/list` is asked: the tab is a status (none for all), combined with the category. */
export function promotionListQuery(params: PromotionListParams): PromotionListQuery {
  return {
    ...(params.tab === 'all' ? {} : { status: params.tab }),
    ...(params.category ? { category: params.category } : {}),
    page: params.page,
    pageSize: promotionPageSize,
  };
}

/** Each tab with its count from the list's `counts` (over the category filter); 0 until they load. */
export function tabsWithCounts(counts: Partial<Record<PromotionTab, number>> | undefined) {
  return promotionTabs.map((tab) => ({ tab, count: counts?.[tab] ?? 0 }));
}
