import { isPlaceGateway, type PaymentGateway } from '@sbo/contracts';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

const paymentKeys = { options: () => ['payment', 'options'] as const };

/** `GET payment/options`: gateways per place and whether mobile payment is enabled. */
export function usePaymentOptions() {
  return useQuery({
    queryKey: paymentKeys.options(),
    queryFn: ({ signal }) => callApi(apiRoutes.paymentOptionList, { signal, errors: 'silent' }),
  });
}

/** `PUT payment/options/{placeId}`. */
export function useSavePaymentOptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ placeId, gateways }: { placeId: number; gateways: PaymentGateway[] }) =>
      callApi(apiRoutes.paymentOptionUpdate, {
        params: { placeId },
        body: { gateways: gateways.filter(isPlaceGateway) },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.options() }),
  });
}
