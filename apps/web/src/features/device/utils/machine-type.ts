import type { LanguageCode } from '@sbo/contracts/constants';
import { machineTypes } from '@sbo/contracts/constants';
import { machineTypeNames } from '@sbo/contracts/machine-names';

const nameByValue = new Map<number, keyof typeof machineTypes>(
  Object.entries(machineTypes).map(([name, value]) => [value, name as keyof typeof machineTypes]),
);

/** A spec section 9 machine type in the given language; the number itself for a type not in the list. */
export function machineTypeLabel(machineType: number, language: LanguageCode): string {
  const name = nameByValue.get(machineType);
  return name ? machineTypeNames[name][language] : String(machineType);
}
