import type { DeviceInfo, DeviceListItem, DeviceLiveUpdate } from '@sbo/contracts';

type Page = { items: DeviceListItem[] };

/** The timers live updates wait on (tests pass their own). */
export type LiveTimers = { set: (run: () => void, delayMs: number) => unknown; clear: (timer: unknown) => void };

const isOlder = (update: DeviceLiveUpdate, reportedAt: string | null) =>
  Boolean(update.reportedAt && reportedAt && Date.parse(update.reportedAt) < Date.parse(reportedAt));

/**
 * A device's list row or info with the live fields of an update; an older report never wins. The same
 * object when the update changes nothing, so a row that did not change is not drawn again.
 */
export function applyLiveUpdate<T extends DeviceListItem | DeviceInfo>(device: T, update: DeviceLiveUpdate): T {
  if (device.id !== update.deviceId) return device;
  if (isOlder(update, device.reportedAt)) return device;
  const { deviceId: _deviceId, ...live } = update;
  const current = device as Record<string, unknown>;
  if (Object.entries(live).every(([field, value]) => current[field] === value)) return device;
  return { ...device, ...live };
}

/**
 * Two updates of one device gathered before they are applied, as one: the newer report's (each carries
 * the device's whole live state).
 */
export function laterUpdate(earlier: DeviceLiveUpdate, later: DeviceLiveUpdate): DeviceLiveUpdate {
  return isOlder(later, earlier.reportedAt) ? earlier : later;
}

/**
 * The list page with the updated devices patched in place: the same page when none of them is on it or
 * nothing changed, and the same row object for every device that did not change.
 */
export function patchPage<P extends Page>(page: P, updates: DeviceLiveUpdate | readonly DeviceLiveUpdate[]): P {
  const byDevice = new Map((Array.isArray(updates) ? updates : [updates]).map((update) => [update.deviceId, update]));
  let changed = false;
  const items = page.items.map((item) => {
    const update = byDevice.get(item.id);
    const patched = update ? applyLiveUpdate(item, update) : item;
    if (patched !== item) changed = true;
    return patched;
  });
  return changed ? { ...page, items } : page;
}
