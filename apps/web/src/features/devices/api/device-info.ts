import type { DeviceInfo } from '@sbo/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { deviceKeys } from './keys';

/** `GET device-cloud/{id}/info`: one device in full, with the actions and features its model offers. */
export function fetchDeviceInfo(id: number, signal?: AbortSignal): Promise<DeviceInfo> {
  return apiRequest<DeviceInfo>({ path: `device-cloud/${id}/info`, signal, errors: 'silent' });
}

export const deviceInfoQuery = (id: number) =>
  queryOptions({ queryKey: deviceKeys.info(id), queryFn: ({ signal }) => fetchDeviceInfo(id, signal) });

export const useDeviceInfo = (id: number) => useQuery(deviceInfoQuery(id));
