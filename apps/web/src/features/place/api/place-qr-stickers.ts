import { apiRoutes } from '@sbo/contracts/api/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { placeKeys } from './keys';

/** `GET place/{id}/qr-stickers`: the machines at one place, and which can take a payment for a sticker. */
export function usePlaceQrStickers(placeId: number | null) {
  return useQuery({
    queryKey: placeKeys.qrStickers(placeId ?? 0),
    queryFn: ({ signal }) =>
      callApi(apiRoutes.placeQrStickers, { params: { id: placeId ?? 0 }, signal, errors: 'silent' }),
    enabled: placeId !== null,
  });
}
