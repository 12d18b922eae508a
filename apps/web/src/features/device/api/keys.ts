import type { DeviceListFilter } from '../utils/list-filter';

/** Query keys of the devices area; mutations and live updates invalidate by these. */
export const deviceKeys = {
  all: ['devices'] as const,
  lists: () => [...deviceKeys.all, 'list'] as const,
  list: (filter: DeviceListFilter) => [...deviceKeys.lists(), filter] as const,
  infos: () => [...deviceKeys.all, 'info'] as const,
  info: (id: number) => [...deviceKeys.infos(), id] as const,
  abConfig: (id: number) => [...deviceKeys.all, 'ab-config', id] as const,
  productOptions: () => [...deviceKeys.all, 'product-options'] as const,
  batch: (batchId: string) => [...deviceKeys.all, 'batch', batchId] as const,
  productCourses: (productId: number) => [...deviceKeys.all, 'product-courses', productId] as const,
  payable: (placeId: number) => [...deviceKeys.all, 'payable', placeId] as const,
};
