import type { PaymentGateway, PaymentOptions, PlacePaymentOptions } from '@sbo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const paymentKeys = { options: () => ['payment', 'options'] as const };

/** `GET payment/options`: gateways per place and whether mobile payment is enabled. */
export function usePaymentOptions() {
  return useQuery({
    queryKey: paymentKeys.options(),
    queryFn: ({ signal }) => apiRequest<PaymentOptions>({ path: 'payment/options', signal, errors: 'silent' }),
  });
}

/** `PUT payment/options/{placeId}`. */
export function useSavePaymentOptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ placeId, gateways }: { placeId: number; gateways: PaymentGateway[] }) =>
      apiRequest<PlacePaymentOptions>({ method: 'PUT', path: `payment/options/${placeId}`, body: { gateways } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.options() }),
  });
}
