import type { MerchantInfo, MerchantInfoUpdate } from '@sbo/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const merchantKeys = { info: () => ['merchant', 'info'] as const };

/** `GET merchant/info`. */
export function useMerchantInfo() {
  return useQuery({
    queryKey: merchantKeys.info(),
    queryFn: ({ signal }) => apiRequest<MerchantInfo>({ path: 'merchant/info', signal, errors: 'silent' }),
  });
}

/** `PUT merchant/info`: the screen shows its own success and failure toasts. */
export function useUpdateMerchantInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MerchantInfoUpdate) =>
      apiRequest<MerchantInfo>({ method: 'PUT', path: 'merchant/info', body: input, errors: 'silent' }),
    onSuccess: (info) => queryClient.setQueryData(merchantKeys.info(), info),
  });
}
