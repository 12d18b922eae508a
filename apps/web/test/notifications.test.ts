import type { NotificationItem } from '@sbo/contracts';
import { notifyManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { notificationKeys } from '../src/features/notification/api/keys';
import { addArrival, addArrivals } from '../src/features/notification/api/live-notifications';
import type { NotificationPage } from '../src/features/notification/api/notification-list';
import { notificationText } from '../src/features/notification/components/notification-text';
import { filterFromSearch, searchFromFilter } from '../src/features/notification/utils/list-filter';
import { i18n } from '../src/lib/i18n';
import { clockIn } from '../src/lib/merchant-clock';

const item = (over: Partial<NotificationItem> = {}): NotificationItem => ({
  id: 1,
  kind: 'deviceError',
  group: 'device',
  critical: true,
  read: false,
  occurredAt: '2026-11-24T03:30:00Z',
  deviceId: 7,
  deviceName: 'Washer 1',
  hwid: 'SIM00001',
  placeId: 3,
  placeName: 'Xinyi',
  code: 1303004,
  params: { code: 1303004, detail: null },
  link: '/device-log?deviceId=7',
  ...over,
});

const page = (items: NotificationItem[], unread: number): NotificationPage => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
  unread,
});

describe('notification filters in the address', () => {
  it('reads event, machine, unread only and page, ignoring what is not one', () => {
    expect(filterFromSearch(new URLSearchParams('kind=deviceOffline&deviceId=7&unread=1&page=2'))).toEqual({
      page: 2,
      kind: 'deviceOffline',
      deviceId: 7,
      unread: true,
    });
    expect(filterFromSearch(new URLSearchParams('kind=nonsense&deviceId=-1&page=x'))).toEqual({ page: 1 });
  });

  it('writes them back and keeps the tab', () => {
    const search = searchFromFilter({ page: 1, kind: 'idleMachine', unread: true }, new URLSearchParams('tab=list'));
    expect(search.toString()).toBe('tab=list&kind=idleMachine&unread=1');
  });
});

describe('a notification arriving live', () => {
  it('goes on top of the first pages it belongs to and counts as unread everywhere', () => {
    const client = new QueryClient();
    const all = notificationKeys.list({ page: 1 });
    const offline = notificationKeys.list({ page: 1, kind: 'deviceOffline' });
    const second = notificationKeys.list({ page: 2 });
    client.setQueryData(all, page([item({ id: 1, read: true })], 0));
    client.setQueryData(offline, page([], 0));
    client.setQueryData(second, page([item({ id: 0, read: true })], 0));
    client.setQueryData(notificationKeys.unread(), { unread: 4 });

    addArrival(client, item({ id: 2 }));
    expect(client.getQueryData<NotificationPage>(all)?.items.map((row) => row.id)).toEqual([2, 1]);
    expect(client.getQueryData<NotificationPage>(all)?.total).toBe(2);
    expect(client.getQueryData<NotificationPage>(offline)?.items).toEqual([]);
    expect(client.getQueryData<NotificationPage>(offline)?.unread).toBe(1);
    expect(client.getQueryData<NotificationPage>(second)?.items.map((row) => row.id)).toEqual([0]);
    expect(client.getQueryData(notificationKeys.unread())).toEqual({ unread: 5 });

    // The same one again (a reconnect) changes nothing.
    addArrival(client, item({ id: 2 }));
    expect(client.getQueryData<NotificationPage>(all)?.items).toHaveLength(2);
  });

  it('arrive gathered as they would one by one, newest on top, the screens told once', async () => {
    const client = new QueryClient();
    const all = notificationKeys.list({ page: 1 });
    client.setQueryData(all, page([item({ id: 1, read: true })], 0));
    client.setQueryData(notificationKeys.unread(), { unread: 0 });
    // As React Query's hooks follow a query: each change queued, the queue handed to React in one go.
    const observer = new QueryObserver(client, { queryKey: all, enabled: false });
    const stop = observer.subscribe(notifyManager.batchCalls(() => undefined));
    let told = 0;
    notifyManager.setBatchNotifyFunction((callback) => {
      told += 1;
      callback();
    });
    try {
      addArrivals(client, [item({ id: 2 }), item({ id: 3 })]);
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      notifyManager.setBatchNotifyFunction((callback) => callback());
      stop();
    }
    expect(client.getQueryData<NotificationPage>(all)?.items.map((row) => row.id)).toEqual([3, 2, 1]);
    expect(client.getQueryData(notificationKeys.unread())).toEqual({ unread: 2 });
    expect(told).toBe(1);
  });
});

describe('notification texts', () => {
  const format = { t: i18n.t.bind(i18n), clock: clockIn('Asia/Taipei'), currency: 'TWD' };

  it("name a fault by the error catalogue's text and code", () => {
    expect(notificationText(item(), format)).toBe('Bill validator fault: bill jam (code 1303004)');
  });

  it('fill amounts in their currency and times on the merchant clock', () => {
    const refund = item({
      kind: 'paymentRefunded',
      code: null,
      params: { amount: 6000, currency: 'TWD', gateway: 'LinePay', course: 'Standard', saleId: 9 },
    });
    expect(notificationText(refund, format)).toBe(
      'NT$60.00 paid with LINE Pay for Standard was refunded: the machine did not start',
    );
    const offline = item({ kind: 'deviceOffline', code: null, params: { offlineSince: '2026-11-24T03:30:00Z' } });
    expect(notificationText(offline, format)).toContain('11:30');
  });
});
