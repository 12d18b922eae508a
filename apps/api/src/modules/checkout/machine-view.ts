import type { CheckoutMachine, PaymentGateway, PaymentProvider } from '@sbo/contracts';
import { settlementRules } from '@sbo/contracts/settlement';
import { deviceActions, kindOf } from '../../machines/device-kind';
import type { CheckoutMachineRow } from './repository';

type MachineState = CheckoutMachine['state'];

/**
 * Free: online and in standby, as a remote start needs (1710001 otherwise). A finished cycle whose
 * laundry is still inside (`done`) is in use until the machine is back in standby. A fault or a stop
 * outranks the rest; no report yet is "cannot tell".
 */
export function machineState(row: Pick<CheckoutMachineRow, 'online' | 'report'>): MachineState {
  const report = row.report;
  if (row.online !== true || !report) return 'offline';
  if (report.errorCode !== null || report.status === 'stopped') return 'fault';
  if (report.status === 'idle') return 'free';
  return 'inUse';
}

/** The provider a payment method goes through: LINE Pay with the merchant's own credentials, else the sandbox. */
export const providerOf = (gateway: PaymentGateway, linePayReady: boolean): PaymentProvider =>
  gateway === 'LinePay' && linePayReady ? 'linePay' : 'sandbox';

/** The place's enabled gateways the platform collects for (mobile payments), while the merchant's contract is on. */
export function mobileMethods(row: CheckoutMachineRow): PaymentGateway[] {
  if (!row.mobilePaymentEnabled) return [];
  return (row.gateways ?? []).filter((gateway) => settlementRules[gateway]?.kind === 'platform');
}

export const coursesOf = (row: CheckoutMachineRow) =>
  (row.courses ?? []).map((c) => ({ code: c.course, name: c.name || c.course, price: c.price }));

export function toCheckoutMachine(row: CheckoutMachineRow, linePayReady: boolean): CheckoutMachine {
  const state = machineState(row);
  const courses = coursesOf(row);
  const methods = mobileMethods(row).map((gateway) => ({
    gateway,
    sandbox: providerOf(gateway, linePayReady) === 'sandbox',
  }));
  const paidStart = deviceActions(row).includes('paidStart');
  return {
    device: { id: row.id, name: row.name, machineType: row.machineType, kind: kindOf(row.machineType) },
    place:
      row.placeId !== null ? { id: row.placeId, title: row.placeTitle ?? '', address: row.placeAddress ?? '' } : null,
    merchant: { name: row.merchantName, currency: row.currency },
    state,
    courses,
    methods,
    canPay: state === 'free' && paidStart && courses.length > 0 && methods.length > 0,
  };
}
