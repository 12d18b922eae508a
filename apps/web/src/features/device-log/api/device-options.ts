import type { DeviceListItem } from '@sbo/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '../../../lib/all-pages';
import { deviceLogKeys } from './keys';

/** `GET device-cloud/list`, every page: the devices the log can be narrowed to. */
export function useDeviceOptions() {
  return useQuery({
    queryKey: deviceLogKeys.devices(),
    queryFn: ({ signal }) => fetchAllPages<DeviceListItem>({ path: 'device-cloud/list', signal, errors: 'silent' }),
    staleTime: 60_000,
  });
}
