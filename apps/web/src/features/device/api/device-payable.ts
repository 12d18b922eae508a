import type { PlaceQrStickers } from '@sbo/contracts/schemas/checkout';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deviceKeys } from './keys';

type Payable = Pick<PlaceQrStickers['items'][number], 'canTakePayment' | 'reason'>;

/**
 * Whether the machine can take a payment by phone now, and why not: the rule of its place's QR sticker
 * sheet (`GET place/{id}/qr-stickers`), read for this machine, so the two never disagree. A machine at no
 * place has no payment method to offer.
 */
export function useDevicePayable(device: { id: number; place: { id: number } | null }) {
  const placeId = device.place?.id ?? null;
  return useQuery({
    queryKey: deviceKeys.payable(placeId ?? 0),
    queryFn: ({ signal }) =>
      callApi(apiRoutes.placeQrStickers, { params: { id: placeId ?? 0 }, signal, errors: 'silent' }),
    enabled: placeId !== null,
    select: (sheet): Payable =>
      sheet.items.find((item) => item.id === device.id) ?? { canTakePayment: false, reason: 'notSetUp' },
  });
}
