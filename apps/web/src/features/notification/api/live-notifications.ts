import type { NotificationItem } from '@sbo/contracts';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { notifyManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { endpointAddress } from '../../../lib/api-client';
import { getMerchantToken } from '../../../lib/auth-storage';
import type { NotificationFilter } from '../utils/list-filter';
import { notificationKeys } from './keys';
import { notificationPageSize, type NotificationPage } from './notification-list';

const matches = (filter: NotificationFilter, item: NotificationItem) =>
  (!filter.kind || filter.kind === item.kind) && (!filter.deviceId || filter.deviceId === item.deviceId);

/** Puts a new notification at the top of every cached first page it belongs to, and counts it unread. */
export function addArrival(queryClient: QueryClient, item: NotificationItem): void {
  for (const [key, page] of queryClient.getQueriesData<NotificationPage>({ queryKey: notificationKeys.lists() })) {
    if (!page || page.items.some((row) => row.id === item.id)) continue;
    const filter = key[2] as NotificationFilter;
    const unread = item.read ? page.unread : page.unread + 1;
    if (filter.page !== 1 || !matches(filter, item)) {
      queryClient.setQueryData<NotificationPage>(key, { ...page, unread });
      continue;
    }
    queryClient.setQueryData<NotificationPage>(key, {
      ...page,
      items: [item, ...page.items].slice(0, notificationPageSize),
      total: page.total + 1,
      unread,
    });
  }
  if (!item.read)
    queryClient.setQueryData<{ unread: number }>(notificationKeys.unread(), (count) =>
      count ? { unread: count.unread + 1 } : count,
    );
}

/**
 * How long arrivals gather before they reach the lists and the badge together: a burst (a fleet's faults
 * at once) redraws the bell and the centre once, not once per notification.
 */
export const arrivalBatchMs = 250;

/** Several arrivals, oldest first, written as `addArrival` would one by one, with one notification of the screens. */
export function addArrivals(queryClient: QueryClient, items: readonly NotificationItem[]): void {
  if (items.length === 0) return;
  notifyManager.batch(() => items.forEach((item) => addArrival(queryClient, item)));
}

// One stream for the whole app, however many components follow it (the bell, the centre).
let source: EventSource | null = null;
let followers = 0;
/** Writes what has gathered at once (when the stream closes). */
let flushArrivals: (() => void) | null = null;

function open(queryClient: QueryClient): void {
  const token = getMerchantToken();
  if (!token || typeof EventSource === 'undefined') return;
  source = new EventSource(endpointAddress(apiRoutes.notificationEvents, { query: { token } }));
  let arrivals: NotificationItem[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const items = arrivals;
    arrivals = [];
    addArrivals(queryClient, items);
  };
  flushArrivals = flush;
  source.addEventListener('notification', (event) => {
    try {
      arrivals.push(JSON.parse((event as MessageEvent<string>).data) as NotificationItem);
      timer ??= setTimeout(flush, arrivalBatchMs);
    } catch {
      // A malformed message is skipped; the next read of the list has it.
    }
  });
  // After a gap in the stream (a reconnect), catch up on whatever arrived meanwhile.
  let connectedOnce = false;
  source.addEventListener('ready', () => {
    if (connectedOnce) void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    connectedOnce = true;
  });
}

/**
 * Follows `GET notification/events` (Server-Sent Events) while mounted: new notifications land in
 * the cached lists and the badge without a reload, gathered a quarter of a second (`arrivalBatchMs`). EventSource cannot send headers, so the merchant
 * token travels as `?token=`; EventSource reconnects by itself. `token` restarts the stream when the
 * member picks another merchant.
 */
export function useLiveNotifications(enabled: boolean, token: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || !token) return;
    followers += 1;
    if (followers === 1) open(queryClient);
    return () => {
      followers -= 1;
      if (followers === 0) {
        source?.close();
        source = null;
        flushArrivals?.();
        flushArrivals = null;
      }
    };
  }, [enabled, token, queryClient]);
}
