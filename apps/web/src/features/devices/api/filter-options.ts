import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { deviceKeys } from './keys';

export type Option = { id: number; name: string };
type Page<T> = { items: T[]; total: number };

/** `GET place/list`: the places to filter devices by (the first hundred, enough for a chain of shops). */
export const placeOptionsQuery = () =>
  queryOptions({
    queryKey: deviceKeys.placeOptions(),
    queryFn: async ({ signal }): Promise<Option[]> => {
      const page = await apiRequest<Page<{ id: number; title: string }>>({
        path: 'place/list',
        query: { page: 1, pageSize: 100 },
        signal,
        errors: 'silent',
      });
      return page.items.map((place) => ({ id: place.id, name: place.title }));
    },
    staleTime: 5 * 60_000,
  });

/** `GET product/list`: the templates a device's product can change to. */
export const productOptionsQuery = () =>
  queryOptions({
    queryKey: deviceKeys.productOptions(),
    queryFn: async ({ signal }): Promise<Option[]> => {
      const page = await apiRequest<Page<{ id: number; name: string }>>({
        path: 'product/list',
        query: { page: 1, pageSize: 100 },
        signal,
      });
      return page.items.map((product) => ({ id: product.id, name: product.name }));
    },
  });

export const usePlaceOptions = (enabled: boolean) => useQuery({ ...placeOptionsQuery(), enabled });
export const useProductOptions = (enabled: boolean) => useQuery({ ...productOptionsQuery(), enabled });
