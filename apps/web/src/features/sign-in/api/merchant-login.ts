import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, type ApiResult } from '../../../lib/api-client';
import { saveMerchantSession } from '../../../lib/auth-storage';
import { loading } from '../../../lib/messages';
import { authKeys } from './keys';

/** `GET merchant/{id}/login` (login token): the merchant token (1 day) and the member's profile. */
function loginToMerchant(merchantId: number): Promise<ApiResult<typeof apiRoutes.merchantLogin>> {
  return callApi(apiRoutes.merchantLogin, { params: { id: merchantId } });
}

export function useMerchantLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (merchantId: number) => loading.around(loginToMerchant(merchantId)),
    onSuccess: ({ jwt, info }) => {
      // Nothing cached for the previous merchant may show under the new one; the user's own lists stay.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
      saveMerchantSession(jwt, info);
    },
    // A refusal (e.g. a membership suspended meanwhile) means the list is out of date.
    onError: () => void queryClient.invalidateQueries({ queryKey: authKeys.merchants() }),
  });
}
