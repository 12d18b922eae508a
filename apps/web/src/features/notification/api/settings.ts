import type { NotificationSettingsInput, NotificationThresholds } from '@sbo/contracts';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** `GET notification/settings`: the member's choices and the state of each channel. */
export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationKeys.settings(),
    queryFn: ({ signal }) => callApi(apiRoutes.notificationSettingsGet, { signal, errors: 'silent' }),
  });
}

/** `PUT notification/settings`: refusals (10004 LINE not linked) show in the user's language. */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationSettingsInput) => callApi(apiRoutes.notificationSettingsUpdate, { body: input }),
    onSuccess: (settings) => queryClient.setQueryData(notificationKeys.settings(), settings),
  });
}

/** `GET notification/thresholds`: the merchant's alert limits. */
export function useThresholds() {
  return useQuery({
    queryKey: notificationKeys.thresholds(),
    queryFn: ({ signal }) => callApi(apiRoutes.notificationThresholdsGet, { signal, errors: 'silent' }),
  });
}

/** `PUT notification/thresholds` (owners and managers). */
export function useSaveThresholds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationThresholds) => callApi(apiRoutes.notificationThresholdsUpdate, { body: input }),
    onSuccess: (values) => queryClient.setQueryData(notificationKeys.thresholds(), values),
  });
}
