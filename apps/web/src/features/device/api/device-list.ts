import { apiRoutes } from '@sbo/contracts/api/routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, type ApiResult } from '../../../lib/api-client';
import type { DeviceListFilter } from '../utils/list-filter';
import { deviceKeys } from './keys';

export type DevicePage = ApiResult<typeof apiRoutes.deviceList>;

export const devicePageSize = 20;

/** `GET device-cloud/list`: the devices the member may see (the api scopes store managers and whitelists). */
function fetchDeviceList(filter: DeviceListFilter, signal?: AbortSignal) {
  return callApi(apiRoutes.deviceList, {
    query: {
      page: filter.page,
      pageSize: devicePageSize,
      placeId: filter.placeId,
      productId: filter.productId,
      promotionId: filter.promotionId,
      machineType: filter.machineType,
      status: filter.status,
    },
    signal,
    // The list shows its own error state with a retry.
    errors: 'silent',
  });
}

const deviceListQuery = (filter: DeviceListFilter) =>
  queryOptions({
    queryKey: deviceKeys.list(filter),
    queryFn: ({ signal }) => fetchDeviceList(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useDeviceList = (filter: DeviceListFilter) => useQuery(deviceListQuery(filter));
