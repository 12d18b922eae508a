import type { HardwareInfo } from '@sbo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bindingKeys } from './keys';

/** `GET device/hardware/{hwid}` (login token): bound when `deviceCloud` is set; 1102004/1102005 otherwise. */
export function useHardware(hwid: string) {
  return useQuery({
    queryKey: bindingKeys.hardware(hwid),
    queryFn: ({ signal }) =>
      apiRequest<HardwareInfo>({
        path: `device/hardware/${encodeURIComponent(hwid)}`,
        token: 'login',
        signal,
        errors: 'silent',
      }),
    retry: false,
  });
}
