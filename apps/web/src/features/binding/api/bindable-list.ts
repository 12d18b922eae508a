import type { BindableDevice } from '@sbo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bindingKeys } from './keys';

/** `GET device-cloud/bindable-list?hwid=` (merchant token): the merchant's unbound devices of this model. */
export function useBindableList(hwid: string, merchantId: number | null) {
  return useQuery({
    queryKey: bindingKeys.bindable(hwid, merchantId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest<BindableDevice[]>({ path: 'device-cloud/bindable-list', query: { hwid }, signal, errors: 'silent' }),
    enabled: merchantId !== null,
    retry: false,
  });
}
