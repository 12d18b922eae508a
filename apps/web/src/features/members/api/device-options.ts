import type { DeviceListItem } from '@sbo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { memberKeys } from './keys';

type DevicePage = { items: DeviceListItem[]; total: number };

/** `GET device-cloud/list`: the devices a whitelist can name (the first 100, by the api's order). */
export function useDeviceOptions(enabled: boolean) {
  return useQuery({
    queryKey: memberKeys.devices(),
    queryFn: ({ signal }) =>
      apiRequest<DevicePage>({ path: 'device-cloud/list', query: { pageSize: 100 }, signal, errors: 'silent' }),
    enabled,
  });
}
