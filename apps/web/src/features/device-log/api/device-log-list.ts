import type { DeviceLogRow } from '@sbo/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { DeviceLogFilters } from '../components/log-filters';
import { deviceLogKeys } from './keys';

type DeviceLogPage = { items: DeviceLogRow[]; total: number; page: number; pageSize: number };
export const deviceLogPageSize = 20;

/** `GET device-log/list`: newest first, days in the browser's zone; over three months answers 1103001. */
export function useDeviceLog(filters: DeviceLogFilters) {
  return useQuery({
    queryKey: deviceLogKeys.list(filters),
    queryFn: ({ signal }) =>
      apiRequest<DeviceLogPage>({
        path: 'device-log/list',
        query: {
          page: filters.page,
          pageSize: deviceLogPageSize,
          deviceId: filters.deviceId,
          logType: filters.logType,
          from: filters.from,
          to: filters.to,
        },
        signal,
        errors: 'silent',
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
