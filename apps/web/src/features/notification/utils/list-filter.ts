import { notificationKinds, type NotificationKind } from '@sbo/contracts';

/** What the notification list is narrowed to; kept in the address of the centre. */
export type NotificationFilter = {
  page: number;
  kind?: NotificationKind;
  deviceId?: number;
  unread?: boolean;
};

const isKind = (value: string | null): value is NotificationKind =>
  value !== null && (notificationKinds as readonly string[]).includes(value);

/** The filter kept in the address (`?kind=&deviceId=&unread=1&page=`), so a reload or a shared link keeps it. */
export function filterFromSearch(search: URLSearchParams): NotificationFilter {
  const kind = search.get('kind');
  const deviceId = Number(search.get('deviceId'));
  const page = Number(search.get('page'));
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    kind: isKind(kind) ? kind : undefined,
    deviceId: Number.isInteger(deviceId) && deviceId > 0 ? deviceId : undefined,
    unread: search.get('unread') === '1' ? true : undefined,
  };
}

export function searchFromFilter(filter: NotificationFilter, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  if (current.get('tab')) next.set('tab', current.get('tab')!);
  if (filter.kind) next.set('kind', filter.kind);
  if (filter.deviceId) next.set('deviceId', String(filter.deviceId));
  if (filter.unread) next.set('unread', '1');
  if (filter.page > 1) next.set('page', String(filter.page));
  return next;
}
