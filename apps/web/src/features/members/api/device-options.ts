import type { DeviceListItem } from '@sbo/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '../../../lib/all-pages';
import { memberKeys } from './keys';

/** `GET device-cloud/list`, every page: the devices a whitelist can name. */
export function useDeviceOptions(enabled: boolean) {
  return useQuery({
    queryKey: memberKeys.devices(),
    queryFn: ({ signal }) => fetchAllPages<DeviceListItem>({ path: 'device-cloud/list', signal, errors: 'silent' }),
    enabled,
  });
}
