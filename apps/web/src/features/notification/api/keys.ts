import type { NotificationFilter } from '../utils/list-filter';

/** Query keys of the notifications area; marks, saves and the live stream update by these. */
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (filter: NotificationFilter) => [...notificationKeys.lists(), filter] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  settings: () => [...notificationKeys.all, 'settings'] as const,
  thresholds: () => [...notificationKeys.all, 'thresholds'] as const,
};
