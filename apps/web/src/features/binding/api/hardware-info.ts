import { apiRoutes } from '@sbo/contracts/api/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { bindingKeys } from './keys';

/** `GET device/hardware/{hwid}` (login token): bound when `deviceCloud` is set; 1102004/1102005 otherwise. */
export function useHardware(hwid: string) {
  return useQuery({
    queryKey: bindingKeys.hardware(hwid),
    queryFn: ({ signal }) => callApi(apiRoutes.hardwareLookup, { params: { hwid }, signal, errors: 'silent' }),
    retry: false,
  });
}
