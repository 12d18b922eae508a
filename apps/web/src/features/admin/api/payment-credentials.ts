import type { CredentialProvider } from '@sbo/contracts';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, type ApiInput, type ApiResult } from '../../../lib/api-client';
import { loading } from '../../../lib/messages';
import { adminKeys } from './keys';

export type PaymentCredentialsState = ApiResult<typeof apiRoutes.adminPaymentCredentialsGet>;
export type PaymentCredentialsInput = ApiInput<typeof apiRoutes.adminPaymentCredentialsUpdate>['body'];

/** `GET admin/merchant/payment-credentials/{provider}`: whether they are set and the channel id, never the secret. */
export function usePaymentCredentials(provider: CredentialProvider) {
  return useQuery({
    queryKey: adminKeys.paymentCredentials(provider),
    queryFn: ({ signal }) =>
      callApi(apiRoutes.adminPaymentCredentialsGet, { params: { provider }, signal, errors: 'silent' }),
  });
}

/** `PUT admin/merchant/payment-credentials/{provider}`: sets (or replaces) the channel id and secret. */
export const savePaymentCredentials = (provider: CredentialProvider, body: PaymentCredentialsInput) =>
  callApi(apiRoutes.adminPaymentCredentialsUpdate, { params: { provider }, body });

export function useSavePaymentCredentials(provider: CredentialProvider) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentCredentialsInput) => loading.around(savePaymentCredentials(provider, body)),
    onSuccess: (state) => queryClient.setQueryData(adminKeys.paymentCredentials(provider), state),
  });
}
