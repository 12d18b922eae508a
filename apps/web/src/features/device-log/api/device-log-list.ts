import { apiRoutes } from '@sbo/contracts/api/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import type { DeviceLogFilters } from '../components/log-filters';
import { deviceLogKeys } from './keys';

export const deviceLogPageSize = 20;

/** `GET device-log/list`: newest first, days on the merchant's clock (the client's default `tz`); over three months answers 1103001. */
export function useDeviceLog(filters: DeviceLogFilters) {
  return useQuery({
    queryKey: deviceLogKeys.list(filters),
    queryFn: ({ signal }) =>
      callApi(apiRoutes.deviceLogList, {
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
