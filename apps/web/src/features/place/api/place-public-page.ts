import { apiRoutes } from '@sbo/contracts/api/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { placeKeys } from './keys';
import { usePlaceChange } from './place-change';

/** `GET place/{id}/public-page`: whether customers may see the place's machines, and at which address. */
export function usePlacePublicPage(id: number | null) {
  return useQuery({
    queryKey: placeKeys.publicPage(id ?? 0),
    queryFn: ({ signal }) => callApi(apiRoutes.placePublicPage, { params: { id: id ?? 0 }, signal, errors: 'silent' }),
    enabled: id !== null,
  });
}

/** `PUT place/{id}/public-page`: the owner turns the page on or off. */
export function useSetPlacePublicPage(id: number) {
  return usePlaceChange((enabled: boolean) =>
    callApi(apiRoutes.placePublicPageUpdate, { params: { id }, body: { enabled } }),
  );
}

/** The page's full address, as its QR code holds it. */
export const publicPageLink = (path: string, origin: string = window.location.origin) => new URL(path, origin).href;
