import type { DeviceListItem } from '@sbo/contracts';

export const sampleDevice: DeviceListItem = {
  id: 1,
  name: 'Washer 1',
  serialNum: 'SN-1',
  machineType: 1,
  model: 'AB3',
  kind: 'washer',
  place: { id: 1, title: 'Main street' },
  product: null,
  hwid: 'SUNNY-W01',
  status: 'idle',
  online: true,
  lastSeenAt: '2026-01-01T00:00:00.000Z',
  stage: 'none',
  dryTemp: 0,
  currentCourse: null,
  remainingSeconds: null,
  errorCode: null,
  testTime: 0,
  reportedAt: '2026-01-01T00:00:00.000Z',
};
