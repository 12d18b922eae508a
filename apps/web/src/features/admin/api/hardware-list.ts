import { apiRoutes } from '@sbo/contracts/api/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, type ApiResult } from '../../../lib/api-client';
import { adminKeys, type HardwareQuery } from './keys';

export type HardwareListItem = ApiResult<typeof apiRoutes.adminHardwareList>['items'][number];

export const hardwarePageSize = 10;

/** `GET admin/hardware` (root): every registered controller with its binding, newest first. */
export function useHardwareList(query: HardwareQuery) {
  return useQuery({
    queryKey: adminKeys.hardware(query),
    queryFn: ({ signal }) =>
      callApi(apiRoutes.adminHardwareList, {
        query: { ...query, pageSize: hardwarePageSize },
        signal,
        errors: 'silent',
      }),
    placeholderData: keepPreviousData,
  });
}
