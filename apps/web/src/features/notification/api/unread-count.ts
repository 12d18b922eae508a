import { apiRoutes } from '@sbo/contracts/api/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** `GET notification/unread-count`: the badge; the live stream keeps it current. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => callApi(apiRoutes.notificationUnread, { signal, errors: 'silent' }),
    enabled,
    // A missed message (a sleeping laptop) is caught up once a minute.
    refetchInterval: 60_000,
  });
}
