import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '../../../lib/all-pages';
import { deviceKeys } from './keys';

export type Option = { id: number; name: string };
/** `GET place/list`, every page: the places to filter devices by. */
export const placeOptionsQuery = () =>
  queryOptions({
    queryKey: deviceKeys.placeOptions(),
    queryFn: async ({ signal }): Promise<Option[]> => {
      const page = await fetchAllPages<{ id: number; title: string }>({ path: 'place/list', signal, errors: 'silent' });
      return page.items.map((place) => ({ id: place.id, name: place.title }));
    },
    staleTime: 5 * 60_000,
  });

/** `GET product/list`, every page: the templates a device's product can change to. */
export const productOptionsQuery = () =>
  queryOptions({
    queryKey: deviceKeys.productOptions(),
    queryFn: async ({ signal }): Promise<Option[]> => {
      const page = await fetchAllPages<{ id: number; name: string }>({ path: 'product/list', signal });
      return page.items.map((product) => ({ id: product.id, name: product.name }));
    },
  });

export const usePlaceOptions = (enabled: boolean) => useQuery({ ...placeOptionsQuery(), enabled });
export const useProductOptions = (enabled: boolean) => useQuery({ ...productOptionsQuery(), enabled });
