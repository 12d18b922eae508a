import type { NotificationSettings } from '@sbo/contracts';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { pushState, subscribeToPush, unsubscribeFromPush } from '../../../lib/web-push';
import { notificationKeys } from './keys';

/** This browser's push state (not a server answer: the browser's own subscription and permission). */
export function usePushState() {
  return useQuery({ queryKey: [...notificationKeys.settings(), 'push-here'], queryFn: pushState });
}

/** Subscribes or unsubscribes this browser, then reads the settings again (the count of browsers). */
export function usePushToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => (on ? subscribeToPush() : unsubscribeFromPush()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.settings() }),
  });
}

/** `POST notification/line/link-code`: the code the member sends to the official LINE account. */
export function useLineLinkCode() {
  return useMutation({ mutationFn: () => callApi(apiRoutes.notificationLineLinkCode) });
}

/** `DELETE notification/line/link`: LINE is turned off for every event. */
export function useLineUnlink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(apiRoutes.notificationLineUnlink),
    onSuccess: (settings: NotificationSettings) => queryClient.setQueryData(notificationKeys.settings(), settings),
  });
}

/** `POST notification/test`: one test message to the member on a channel, now. */
export function useSendTest() {
  return useMutation({
    mutationFn: (channel: 'push' | 'line' | 'email') => callApi(apiRoutes.notificationTest, { body: { channel } }),
  });
}
