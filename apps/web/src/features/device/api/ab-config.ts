import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { callApi, type ApiResult } from '../../../lib/api-client';
import { showCommandFailure } from '../utils/remote-failure';
import { deviceKeys } from './keys';

export type AbConfig = ApiResult<typeof apiRoutes.abConfigGet>;
export type AbSettingValue = AbConfig['config'][string];

/** `GET admin/ab/{id}/config`: an AB controller's settings. */
const fetchAbConfig = (id: number, signal?: AbortSignal) => callApi(apiRoutes.abConfigGet, { params: { id }, signal });

/** `PUT admin/ab/{id}/config`: merged into the controller's current settings once it acknowledges. */
const saveAbConfig = (id: number, config: Record<string, AbSettingValue>) =>
  callApi(apiRoutes.abConfigUpdate, { params: { id }, body: { config }, errors: 'silent' });

const abConfigQuery = (id: number) =>
  queryOptions({ queryKey: deviceKeys.abConfig(id), queryFn: ({ signal }) => fetchAbConfig(id, signal) });

export const useAbConfig = (id: number, enabled: boolean) => useQuery({ ...abConfigQuery(id), enabled });

export function useSaveAbConfig(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (config: Record<string, AbSettingValue>) => saveAbConfig(id, config),
    onError: showCommandFailure,
    onSuccess: (saved) => queryClient.setQueryData(deviceKeys.abConfig(id), saved),
  });
}
