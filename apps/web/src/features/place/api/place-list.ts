import { apiRoutes } from '@sbo/contracts/api/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { placeKeys } from './keys';

/** `GET place/list`: the merchant's places, newest first, with their device counts. */
export function usePlaceList(page: number, pageSize: number) {
  return useQuery({
    queryKey: placeKeys.list(page, pageSize),
    queryFn: ({ signal }) => callApi(apiRoutes.placeList, { query: { page, pageSize }, signal, errors: 'silent' }),
    placeholderData: keepPreviousData,
  });
}
