import type { DeviceListItem, MerchantListItem } from '@sbo/contracts';

/** A merchant as `GET merchant/list` lists it. */
export const sampleMerchant = (overrides: Partial<MerchantListItem> = {}): MerchantListItem => ({
  id: 1,
  companyName: 'Sunny Laundry',
  country: 'TW',
  currency: 'TWD',
  timezone: 'Asia/Taipei',
  rbacRole: 'merchant',
  suspended: false,
  ...overrides,
});

/** A machine as `GET device-cloud/list` lists it. */
export const sampleDevice = (id: number, overrides: Partial<DeviceListItem> = {}): DeviceListItem => ({
  id,
  name: `Washer ${id}`,
  serialNum: `SN-${id}`,
  machineType: 1,
  model: 'AB3',
  kind: 'washer',
  place: null,
  product: null,
  hwid: null,
  status: 'idle',
  online: true,
  lastSeenAt: null,
  stage: 'none',
  dryTemp: 0,
  currentCourse: null,
  remainingSeconds: null,
  errorCode: null,
  testTime: 0,
  reportedAt: null,
  ...overrides,
});
