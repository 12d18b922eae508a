import { apiRoutes } from '@sbo/contracts/api/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { bindingKeys } from './keys';

/** `GET device-cloud/bindable-list?hwid=` (merchant token): the merchant's unbound devices of this model. */
export function useBindableList(hwid: string, merchantId: number | null, claim: string) {
  return useQuery({
    queryKey: bindingKeys.bindable(hwid, merchantId ?? 0, claim),
    queryFn: ({ signal }) =>
      callApi(apiRoutes.bindableDeviceList, {
        query: claim ? { hwid, claim } : { hwid },
        signal,
        errors: 'silent',
      }),
    enabled: merchantId !== null,
    retry: false,
  });
}
