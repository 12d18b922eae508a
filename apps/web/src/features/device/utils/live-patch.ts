import type { DeviceInfo, DeviceListItem, DeviceLiveUpdate } from '@sbo/contracts';

type Page = { items: DeviceListItem[] };

/** A device's list row or info with the live fields of an update; an older report never wins. */
export function applyLiveUpdate<T extends DeviceListItem | DeviceInfo>(device: T, update: DeviceLiveUpdate): T {
  if (device.id !== update.deviceId) return device;
  if (update.reportedAt && device.reportedAt && Date.parse(update.reportedAt) < Date.parse(device.reportedAt))
    return device;
  const { deviceId: _deviceId, ...live } = update;
  return { ...device, ...live };
}

/** The list page with the updated device patched in place; the same object when the device is not on it. */
export function patchPage<P extends Page>(page: P, update: DeviceLiveUpdate): P {
  if (!page.items.some((item) => item.id === update.deviceId)) return page;
  return { ...page, items: page.items.map((item) => applyLiveUpdate(item, update)) };
}
