import type { DeviceInfo, DeviceLiveUpdate } from '@sbo/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { endpointAddress } from '../../../lib/api-client';
import { getMerchantToken } from '../../../lib/auth-storage';
import { applyLiveUpdate, patchPage } from '../utils/live-patch';
import type { DevicePage } from './device-list';
import { deviceKeys } from './keys';

// Info carries more than an update (coins, cash, bill acceptor): it is read again, at most once a second.
// A status-filtered list is read again at most every 3 seconds, however busy the fleet.
const infoRefetchMs = 1_000;
const listRefetchMs = 3_000;

function createHandler(queryClient: QueryClient) {
  const due = new Set<string>();
  const later = (key: readonly unknown[], delayMs: number) => {
    const id = JSON.stringify(key);
    if (due.has(id)) return;
    due.add(id);
    setTimeout(() => {
      due.delete(id);
      void queryClient.invalidateQueries({ queryKey: key });
    }, delayMs);
  };

  return (update: DeviceLiveUpdate) => {
    for (const [key, page] of queryClient.getQueriesData<DevicePage>({ queryKey: deviceKeys.lists() })) {
      if (!page) continue;
      const patched = patchPage(page, update);
      if (patched !== page) queryClient.setQueryData(key, patched);
      // A list filtered by status may have to drop the device, or gain one that was on no page yet.
      const filter = key[2];
      if (typeof filter === 'object' && filter !== null && 'status' in filter) later(key, listRefetchMs);
    }
    const infoKey = deviceKeys.info(update.deviceId);
    const info = queryClient.getQueryData<DeviceInfo>(infoKey);
    if (info) {
      queryClient.setQueryData(infoKey, applyLiveUpdate(info, update));
      later(infoKey, infoRefetchMs);
    }
  };
}

/**
 * Follows `GET device/events` (Server-Sent Events) while mounted and writes each device
 * change into the cached list pages and device info. EventSource cannot send headers, so
 * the merchant token travels as `?token=`; EventSource reconnects by itself.
 */
export function useDeviceLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const token = getMerchantToken();
    if (!token || typeof EventSource === 'undefined') return;
    const source = new EventSource(endpointAddress(apiRoutes.deviceEvents, { query: { token } }));
    const handle = createHandler(queryClient);
    source.addEventListener('device', (event) => {
      try {
        handle(JSON.parse((event as MessageEvent<string>).data) as DeviceLiveUpdate);
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
    return () => source.close();
  }, [queryClient]);
}
