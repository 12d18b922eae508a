import { apiRoutes } from '@sbo/contracts/api/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, type ApiResult } from '../../../lib/api-client';
import type { NotificationFilter } from '../utils/list-filter';
import { notificationKeys } from './keys';

export type NotificationPage = ApiResult<typeof apiRoutes.notificationList>;

export const notificationPageSize = 20;

/** `GET notification/list`: the member's notifications, newest first (the api scopes by whitelist). */
export function useNotificationList(filter: NotificationFilter) {
  return useQuery({
    queryKey: notificationKeys.list(filter),
    queryFn: ({ signal }) =>
      callApi(apiRoutes.notificationList, {
        query: {
          page: filter.page,
          pageSize: notificationPageSize,
          kind: filter.kind,
          deviceId: filter.deviceId,
          unread: filter.unread ? 'true' : undefined,
        },
        signal,
        // The centre shows its own error state with a retry.
        errors: 'silent',
      }),
    placeholderData: keepPreviousData,
  });
}
