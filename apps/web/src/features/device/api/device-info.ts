import { apiRoutes } from '@sbo/contracts/api/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { deviceKeys } from './keys';

/** `GET device-cloud/{id}/info`: one device in full, with the actions and features its model offers. */
const fetchDeviceInfo = (id: number, signal?: AbortSignal) =>
  callApi(apiRoutes.deviceInfo, { params: { id }, signal, errors: 'silent' });

export const deviceInfoQuery = (id: number) =>
  queryOptions({ queryKey: deviceKeys.info(id), queryFn: ({ signal }) => fetchDeviceInfo(id, signal) });

export const useDeviceInfo = (id: number) => useQuery(deviceInfoQuery(id));
