import { apiRoutes } from '@sbo/contracts/api/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { placeKeys } from './keys';

/** `GET place/{id}`; 1105001 for a place that is not the merchant's. */
export function usePlace(id: number | null) {
  return useQuery({
    queryKey: placeKeys.detail(id ?? 0),
    queryFn: ({ signal }) => callApi(apiRoutes.placeDetail, { params: { id: id ?? 0 }, signal, errors: 'silent' }),
    enabled: id !== null,
  });
}
