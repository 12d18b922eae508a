/** The machine kinds, controller models and statuses a device speaks of. */
import { deviceStatuses, machineTypes } from '../constants';

export const deviceKinds = [
  'washer',
  'dryer',
  'washerDryer',
  'carWash',
  'vending',
  'waterStation',
  'coinChanger',
] as const;
export type DeviceKind = (typeof deviceKinds)[number];
export const machineTypeByKind = {
  washer: machineTypes.WashOnly,
  dryer: machineTypes.DryOnly,
  washerDryer: machineTypes.Laundry,
  carWash: machineTypes.CarWashing,
  vending: machineTypes.VendingMachine,
  waterStation: machineTypes.Water,
  coinChanger: machineTypes.MoneyChanger,
} as const satisfies Record<DeviceKind, number>;

/** Controller models; laundry controllers (AB3, AB2, AY) drive washers, dryers and washer-dryers. */
export const deviceModels = ['AB3', 'AB2', 'AY', 'CW1', 'VM1', 'WS1', 'MC1'] as const;
export type DeviceModel = (typeof deviceModels)[number];
export const modelsByKind = {
  washer: ['AB3', 'AB2', 'AY'],
  dryer: ['AB3', 'AB2', 'AY'],
  washerDryer: ['AB3', 'AB2', 'AY'],
  carWash: ['CW1'],
  vending: ['VM1'],
  waterStation: ['WS1'],
  coinChanger: ['MC1'],
} as const satisfies Record<DeviceKind, readonly DeviceModel[]>;
/** Spec section 5: only these models may change product. */
export const productChangeModels = ['AB3', 'AB2', 'AY'] as const satisfies readonly DeviceModel[];

/** Statuses a device may report; `unknown` and `offline` are concluded by the server, never claimed. */
export const reportedStatuses = deviceStatuses.filter(
  (s): s is Exclude<(typeof deviceStatuses)[number], 'unknown' | 'offline'> => s !== 'unknown' && s !== 'offline',
);
