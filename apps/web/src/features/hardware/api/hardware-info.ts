import { apiRoutes } from '@sbo/contracts/api/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { bindingKeys } from './keys';

/**
 * `GET device/hardware/{hwid}?claim=` (login token): bound when `deviceCloud` is set. Hardware not
 * registered for one of the user's merchants needs its claim code; without it, 1102004 as if unknown.
 */
export function useHardware(hwid: string, claim: string) {
  return useQuery({
    queryKey: bindingKeys.hardware(hwid, claim),
    queryFn: ({ signal }) =>
      callApi(apiRoutes.hardwareLookup, {
        params: { hwid },
        query: claim ? { claim } : {},
        signal,
        errors: 'silent',
      }),
    retry: false,
  });
}
