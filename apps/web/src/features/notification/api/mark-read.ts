import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { notificationKeys } from './keys';
import type { NotificationPage } from './notification-list';

/** `POST notification/{id}/read`: opening a notification marks it read. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(apiRoutes.notificationRead, { params: { id }, errors: 'silent' }),
    onSuccess: (item) => {
      for (const [key, page] of queryClient.getQueriesData<NotificationPage>({ queryKey: notificationKeys.lists() })) {
        if (!page) continue;
        const wasUnread = page.items.some((row) => row.id === item.id && !row.read);
        queryClient.setQueryData<NotificationPage>(key, {
          ...page,
          items: page.items.map((row) => (row.id === item.id ? item : row)),
          unread: wasUnread ? Math.max(0, page.unread - 1) : page.unread,
        });
      }
      void queryClient.invalidateQueries({ queryKey: notificationKeys.unread() });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
    },
  });
}

/** `POST notification/read-all`. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(apiRoutes.notificationReadAll),
    onSuccess: () => {
      queryClient.setQueryData(notificationKeys.unread(), { unread: 0 });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
