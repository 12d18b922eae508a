import type { DeviceListItem } from '@sbo/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { deviceLogKeys } from './keys';

/** `GET device-cloud/list` (first 100): the devices the log can be narrowed to. */
export function useDeviceOptions() {
  return useQuery({
    queryKey: deviceLogKeys.devices(),
    queryFn: ({ signal }) =>
      apiRequest<{ items: DeviceListItem[] }>({
        path: 'device-cloud/list',
        query: { pageSize: 100 },
        signal,
        errors: 'silent',
      }),
    staleTime: 60_000,
  });
}
