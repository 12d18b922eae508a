import { machineTypeByKind, type DeviceKind } from '@sbo/contracts/mqtt';

/**
 * The largest sale, in minor units, a machine of each kind is believed to make; a larger one is
 * held aside for review (stored, never counted or settled). Generous for every currency served,
 * and small enough that no total of them can pass Number.MAX_SAFE_INTEGER.
 */
const defaultMaxSaleAmount = {
  washer: 5_000_000,
  dryer: 5_000_000,
  washerDryer: 5_000_000,
  waterStation: 5_000_000,
  carWash: 10_000_000,
  vending: 10_000_000,
  coinChanger: 50_000_000,
} as const satisfies Record<DeviceKind, number>;

/** For a machine type no controller kind drives. */
export const fallbackMaxSaleAmount = 10_000_000;

/** The limit per spec machine type (`MAX_SALE_AMOUNT` replaces every default when set). */
export function maxSaleAmountByMachineType(override?: number): Record<string, number> {
  return Object.fromEntries(
    Object.entries(machineTypeByKind).map(([kind, type]) => [
      String(type),
      override ?? defaultMaxSaleAmount[kind as DeviceKind],
    ]),
  );
}
