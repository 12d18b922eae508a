import type { DeviceInfo, DeviceLiveUpdate } from '@sbo/contracts';
import { notifyManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { endpointAddress } from '../../../lib/api-client';
import { getMerchantToken } from '../../../lib/auth-storage';
import { applyLiveUpdate, laterUpdate, patchPage, type LiveTimers } from '../utils/live-patch';
import type { DevicePage } from './device-list';
import { deviceKeys } from './keys';

// Info carries more than an update (coins, cash, bill acceptor): it is read again, at most once a second.
// A status-filtered list is read again at most every 3 seconds, however busy the fleet.
const infoRefetchMs = 1_000;
const listRefetchMs = 3_000;

/**
 * How long the stream's device updates gather before they are written to the cache together. A fleet
 * reports many times a second; written one by one, each redrew the list. Gathered, the list is drawn
 * again at most four times a second, with the latest state of each device that changed meanwhile.
 */
export const liveBatchMs = 250;

const realTimers: LiveTimers = {
  set: (run, delayMs) => setTimeout(run, delayMs),
  clear: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

/**
 * Takes the stream's device updates and writes them into the cached list pages and device info, gathered
 * for `liveBatchMs`: one write per page (only pages that hold a changed device, only rows that changed), one
 * notification of the screens for the whole batch. `flush()` writes what is gathered at once (the stream
 * closes); `dispose()` drops it.
 */
export function createLiveUpdateBatcher(queryClient: QueryClient, timers: LiveTimers = realTimers) {
  const due = new Set<string>();
  const later = (key: readonly unknown[], delayMs: number) => {
    const id = JSON.stringify(key);
    if (due.has(id)) return;
    due.add(id);
    timers.set(() => {
      due.delete(id);
      void queryClient.invalidateQueries({ queryKey: key });
    }, delayMs);
  };

  const pending = new Map<number, DeviceLiveUpdate>();
  let timer: unknown = null;

  const flush = () => {
    if (timer !== null) timers.clear(timer);
    timer = null;
    if (pending.size === 0) return;
    const updates = [...pending.values()];
    pending.clear();
    notifyManager.batch(() => {
      for (const [key, page] of queryClient.getQueriesData<DevicePage>({ queryKey: deviceKeys.lists() })) {
        if (!page) continue;
        const patched = patchPage(page, updates);
        if (patched !== page) queryClient.setQueryData(key, patched);
        // A list filtered by status may have to drop a device, or gain one that was on no page yet.
        const filter = key[2];
        if (typeof filter === 'object' && filter !== null && 'status' in filter) later(key, listRefetchMs);
      }
      for (const update of updates) {
        const infoKey = deviceKeys.info(update.deviceId);
        const info = queryClient.getQueryData<DeviceInfo>(infoKey);
        if (!info) continue;
        const patched = applyLiveUpdate(info, update);
        if (patched !== info) queryClient.setQueryData(infoKey, patched);
        later(infoKey, infoRefetchMs);
      }
    });
  };

  return {
    add(update: DeviceLiveUpdate) {
      const earlier = pending.get(update.deviceId);
      pending.set(update.deviceId, earlier ? laterUpdate(earlier, update) : update);
      if (timer === null) timer = timers.set(flush, liveBatchMs);
    },
    flush,
    dispose() {
      if (timer !== null) timers.clear(timer);
      timer = null;
      pending.clear();
    },
  };
}

/**
 * Follows `GET device/events` (Server-Sent Events) while mounted and writes the device changes into
 * the cached list pages and device info, gathered a quarter of a second (`createLiveUpdateBatcher`).
 * EventSource cannot send headers, so the merchant token travels as `?token=`; EventSource reconnects
 * by itself.
 */
export function useDeviceLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const token = getMerchantToken();
    if (!token || typeof EventSource === 'undefined') return;
    const source = new EventSource(endpointAddress(apiRoutes.deviceEvents, { query: { token } }));
    const batcher = createLiveUpdateBatcher(queryClient);
    source.addEventListener('device', (event) => {
      try {
        batcher.add(JSON.parse((event as MessageEvent<string>).data) as DeviceLiveUpdate);
      } catch {
        // A malformed message is skipped; the next one carries the whole live state again.
      }
    });
    // After a gap in the stream (reconnect), catch up on whatever changed meanwhile.
    let connectedOnce = false;
    source.addEventListener('ready', () => {
      if (connectedOnce) void queryClient.invalidateQueries({ queryKey: deviceKeys.all });
      connectedOnce = true;
    });
    return () => {
      source.close();
      // What arrived in the last quarter second still reaches the cache the next screen reads.
      batcher.flush();
    };
  }, [queryClient]);
}
