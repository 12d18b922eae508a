import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, type ApiInput } from '../../../lib/api-client';

const merchantKeys = { info: () => ['merchant', 'info'] as const };

/** `GET merchant/info`. */
export function useMerchantInfo() {
  return useQuery({
    queryKey: merchantKeys.info(),
    queryFn: ({ signal }) => callApi(apiRoutes.merchantInfo, { signal, errors: 'silent' }),
  });
}

/** `PUT merchant/info`: the screen shows its own success and failure toasts. */
export function useUpdateMerchantInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiInput<typeof apiRoutes.merchantInfoUpdate>['body']) =>
      callApi(apiRoutes.merchantInfoUpdate, { body: input, errors: 'silent' }),
    onSuccess: (info) => queryClient.setQueryData(merchantKeys.info(), info),
  });
}
