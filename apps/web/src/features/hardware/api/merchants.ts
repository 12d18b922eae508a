import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { saveMerchantSession } from '../../../lib/auth-storage';
import { loading } from '../../../lib/messages';
import { bindingKeys } from './keys';

/** `GET merchant/list` (login token): the merchants a device may be bound for. */
export function useBindingMerchants() {
  return useQuery({
    queryKey: bindingKeys.merchants(),
    queryFn: ({ signal }) => callApi(apiRoutes.merchantList, { signal, errors: 'silent' }),
  });
}

/**
 * `GET merchant/{id}/login` (login token): the bindable list and the binding take a merchant
 * token, so picking the merchant here signs in to it as the merchant pick would.
 */
export function useActAsMerchant() {
  return useMutation({
    mutationFn: (merchantId: number) =>
      loading.around(callApi(apiRoutes.merchantLogin, { params: { id: merchantId } })),
    onSuccess: ({ jwt, info }) => saveMerchantSession(jwt, info),
  });
}
