import { apiRoutes } from '@sbo/contracts/api/routes';
import { useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '../../../lib/all-pages';
import { placeKeys } from './keys';

/** `GET device-cloud/list?placeId=`, every page: the machines at one place, for their QR stickers. */
export function usePlaceMachines(placeId: number | null) {
  return useQuery({
    queryKey: placeKeys.machines(placeId ?? 0),
    queryFn: ({ signal }) =>
      fetchAllPages(apiRoutes.deviceList, { query: { placeId: placeId ?? 0 }, signal, errors: 'silent' }),
    enabled: placeId !== null,
  });
}
