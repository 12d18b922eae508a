import type { Place } from '@sbo/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { placeKeys } from './keys';

export type PlacePage = { items: Place[]; total: number; page: number; pageSize: number };

/** `GET place/list`: the merchant's places, newest first, with their device counts. */
export function usePlaceList(page: number, pageSize: number) {
  return useQuery({
    queryKey: placeKeys.list(page, pageSize),
    queryFn: ({ signal }) =>
      apiRequest<PlacePage>({ path: 'place/list', query: { page, pageSize }, signal, errors: 'silent' }),
    placeholderData: keepPreviousData,
  });
}
