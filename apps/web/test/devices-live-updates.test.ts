import type { DeviceInfo, DeviceListItem, DeviceLiveUpdate } from '@sbo/contracts';
import { notifyManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { DevicePage } from '../src/features/device/api/device-list';
import { deviceKeys } from '../src/features/device/api/keys';
import { createLiveUpdateBatcher, liveBatchMs } from '../src/features/device/api/live-updates';
import { applyLiveUpdate, laterUpdate, patchPage } from '../src/features/device/utils/live-patch';
import { sampleDevice } from './devices-samples';

const device = (id: number): DeviceListItem => ({ ...sampleDevice, id, name: `Washer ${id}`, hwid: `W${id}` });
const liveOf = (item: DeviceListItem, change: Partial<DeviceLiveUpdate> = {}): DeviceLiveUpdate => ({
  deviceId: item.id,
  status: item.status,
  online: item.online,
  lastSeenAt: item.lastSeenAt,
  stage: item.stage,
  dryTemp: item.dryTemp,
  currentCourse: item.currentCourse,
  remainingSeconds: item.remainingSeconds,
  errorCode: item.errorCode,
  testTime: item.testTime,
  reportedAt: item.reportedAt,
  ...change,
});
const at = (minute: number) => `2026-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`;

/** Timers the test runs by hand: `due()` is what is waiting, `run()` fires it all. */
function manualTimers() {
  let waiting: { run: () => void; delayMs: number }[] = [];
  return {
    set: (run: () => void, delayMs: number) => {
      const timer = { run, delayMs };
      waiting.push(timer);
      return timer;
    },
    clear: (timer: unknown) => {
      waiting = waiting.filter((item) => item !== timer);
    },
    due: () => waiting.map((item) => item.delayMs),
    run: () => {
      const now = waiting;
      waiting = [];
      now.forEach((item) => item.run());
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('live device updates', () => {
  it('leave a row that did not change the same object, and a page without a change the same page', () => {
    const page = { items: [device(1), device(2)], total: 2, page: 1, pageSize: 20 };
    expect(applyLiveUpdate(page.items[0]!, liveOf(page.items[0]!))).toBe(page.items[0]);
    expect(patchPage(page, [liveOf(page.items[0]!), liveOf(page.items[1]!)])).toBe(page);
    const patched = patchPage(page, [liveOf(page.items[1]!, { status: 'operating', reportedAt: at(1) })]);
    expect(patched.items[0]).toBe(page.items[0]);
    expect(patched.items[1]).toMatchObject({ id: 2, status: 'operating' });
  });

  it('keep the newer of two reports of one device gathered together', () => {
    const newer = liveOf(device(1), { stage: 'spin', reportedAt: at(5) });
    const older = liveOf(device(1), { stage: 'rinsing1', reportedAt: at(4) });
    expect(laterUpdate(newer, older)).toBe(newer);
    expect(laterUpdate(older, newer)).toBe(newer);
  });

  it('gather a quarter second, then write each page and info once with only the changed rows, in one notification', async () => {
    const queryClient = new QueryClient();
    const items = [device(1), device(2), device(3)];
    const listKey = deviceKeys.list({ page: 1 });
    queryClient.setQueryData<DevicePage>(listKey, { items, total: 3, page: 1, pageSize: 20 });
    queryClient.setQueryData(deviceKeys.info(3), { ...items[2]!, coinCount: 0 });
    // As React Query's hooks follow a query: each change queued, the queue handed to React in one go.
    const stops = [listKey, deviceKeys.info(3)].map((queryKey) =>
      new QueryObserver(queryClient, { queryKey, enabled: false }).subscribe(notifyManager.batchCalls(() => undefined)),
    );
    let notified = 0;
    notifyManager.setBatchNotifyFunction((callback) => {
      notified += 1;
      callback();
    });
    const timers = manualTimers();
    const batcher = createLiveUpdateBatcher(queryClient, timers);

    batcher.add(liveOf(items[0]!, { status: 'operating', remainingSeconds: 600, reportedAt: at(1) }));
    batcher.add(liveOf(items[0]!, { status: 'operating', remainingSeconds: 540, reportedAt: at(2) }));
    batcher.add(liveOf(items[2]!, { online: false, status: 'offline', reportedAt: at(1) }));
    batcher.add(liveOf(items[1]!)); // no change
    expect(timers.due()).toEqual([liveBatchMs]);
    expect(queryClient.getQueryData<DevicePage>(listKey)?.items).toBe(items);

    try {
      timers.run();
      await settle();
    } finally {
      notifyManager.setBatchNotifyFunction((callback) => callback());
      stops.forEach((stop) => stop());
    }
    const page = queryClient.getQueryData<DevicePage>(listKey)!;
    expect(page.items[0]).toMatchObject({ status: 'operating', remainingSeconds: 540, reportedAt: at(2) });
    expect(page.items[1]).toBe(items[1]);
    expect(page.items[2]).toMatchObject({ online: false, status: 'offline' });
    expect(queryClient.getQueryData<DeviceInfo>(deviceKeys.info(3))).toMatchObject({ online: false, coinCount: 0 });
    expect(notified).toBe(1);
  });

  it('write nothing when the gathered updates change nothing', async () => {
    const queryClient = new QueryClient();
    const page = { items: [device(1)], total: 1, page: 1, pageSize: 20 };
    queryClient.setQueryData<DevicePage>(deviceKeys.list({ page: 1 }), page);
    const timers = manualTimers();
    const batcher = createLiveUpdateBatcher(queryClient, timers);
    batcher.add(liveOf(page.items[0]!));
    batcher.add(liveOf(page.items[0]!, { stage: 'spin', reportedAt: '2025-12-31T23:59:00.000Z' })); // older than shown
    timers.run();
    expect(queryClient.getQueryData(deviceKeys.list({ page: 1 }))).toBe(page);
  });

  it("patch the device's info and read it again within a second; a status-filtered list within three", () => {
    const queryClient = new QueryClient();
    const info = { ...device(1), coinCount: 3 } as unknown as DeviceInfo;
    queryClient.setQueryData(deviceKeys.info(1), info);
    queryClient.setQueryData<DevicePage>(deviceKeys.list({ page: 1, status: 'idle' }), {
      items: [],
      total: 0,
      page: 1,
      pageSize: 20,
    });
    const timers = manualTimers();
    const batcher = createLiveUpdateBatcher(queryClient, timers);
    batcher.add(liveOf(device(1), { stage: 'spin', reportedAt: at(3) }));
    batcher.add(liveOf(device(4), { stage: 'spin', reportedAt: at(3) }));
    timers.run();
    expect(queryClient.getQueryData<DeviceInfo>(deviceKeys.info(1))).toMatchObject({ stage: 'spin', coinCount: 3 });
    expect(timers.due().sort()).toEqual([1_000, 3_000]);
  });

  it('write what is gathered at once when the stream closes, and nothing after', () => {
    const queryClient = new QueryClient();
    const listKey = deviceKeys.list({ page: 1 });
    queryClient.setQueryData<DevicePage>(listKey, { items: [device(1)], total: 1, page: 1, pageSize: 20 });
    const timers = manualTimers();
    const batcher = createLiveUpdateBatcher(queryClient, timers);
    batcher.add(liveOf(device(1), { status: 'operating', reportedAt: at(1) }));
    batcher.flush();
    expect(queryClient.getQueryData<DevicePage>(listKey)?.items[0]?.status).toBe('operating');
    expect(timers.due()).toEqual([]);
    batcher.add(liveOf(device(1), { status: 'idle', reportedAt: at(2) }));
    batcher.dispose();
    timers.run();
    expect(queryClient.getQueryData<DevicePage>(listKey)?.items[0]?.status).toBe('operating');
  });
});
