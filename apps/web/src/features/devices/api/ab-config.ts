import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { showCommandFailure } from '../utils/remote-failure';
import { deviceKeys } from './keys';

export type AbSettingValue = number | boolean | string;
export type AbConfig = {
  deviceId: number;
  model: string;
  config: Record<string, AbSettingValue>;
  reportedAt: string | null;
};

/** `GET admin/ab/{id}/config`: an AB controller's settings. */
export const fetchAbConfig = (id: number, signal?: AbortSignal) =>
  apiRequest<AbConfig>({ path: `admin/ab/${id}/config`, signal });

/** `PUT admin/ab/{id}/config`: merged into the controller's current settings once it acknowledges. */
export const saveAbConfig = (id: number, config: Record<string, AbSettingValue>) =>
  apiRequest<AbConfig>({ method: 'PUT', path: `admin/ab/${id}/config`, body: { config }, errors: 'silent' });

export const abConfigQuery = (id: number) =>
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
