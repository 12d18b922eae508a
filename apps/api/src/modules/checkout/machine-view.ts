import type { CheckoutMachine, PaymentGateway, PaymentProvider, QrStickerReason } from '@sbo/contracts';
import { settlementRules } from '@sbo/contracts/settlement';
import { kindOf } from '../../machines/device-kind';
import { canTopUpNow, sellableOf, type OfferRow } from './offer';
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

/** How a payment method can be paid now (`PaymentGateways.providersOf`): its provider, or null. */
type ProviderOfMethod = (gateway: PaymentGateway) => PaymentProvider | null;

type MethodsRow = Pick<CheckoutMachineRow, 'mobilePaymentEnabled' | 'gateways'>;
type SellingRow = OfferRow;

/** The place's enabled gateways the platform collects for (mobile payments), while the merchant's contract is on. */
export function mobileMethods(row: MethodsRow): PaymentGateway[] {
  if (!row.mobilePaymentEnabled) return [];
  return (row.gateways ?? []).filter((gateway) => settlementRules[gateway]?.kind === 'platform');
}

export const coursesOf = (row: Pick<CheckoutMachineRow, 'courses'>) =>
  (row.courses ?? []).map((c) => ({ code: c.course, name: c.name || c.course, price: c.price }));

/**
 * Whether the machine can sell over the phone at all, whatever its state now: something to sell by its
 * kind and template (courses, an amount, time, products) and a controller that takes a paid start
 * (what its QR sticker needs).
 */
const sellsByPhone = (row: SellingRow): boolean => sellableOf(row) !== null;

export function toCheckoutMachine(row: CheckoutMachineRow, providerFor: ProviderOfMethod): CheckoutMachine {
  const state = machineState(row);
  const courses = coursesOf(row);
  const sellable = sellableOf(row);
  // Only the methods that can take a payment are offered: a method with no provider is not set up.
  const methods = mobileMethods(row).flatMap((gateway) => {
    const provider = providerFor(gateway);
    return provider ? [{ gateway, sandbox: provider === 'sandbox' }] : [];
  });
  return {
    device: { id: row.id, name: row.name, machineType: row.machineType, kind: kindOf(row.machineType) },
    place:
      row.placeId !== null ? { id: row.placeId, title: row.placeTitle ?? '', address: row.placeAddress ?? '' } : null,
    merchant: { name: row.merchantName, currency: row.currency },
    state,
    courses,
    // Template prices; the service puts a happy hour's in (`CheckoutService.machine`).
    offer: null,
    methods,
    paymentSetUp: methods.length > 0,
    canPay: state === 'free' && sellsByPhone(row) && methods.length > 0,
    canTopUp:
      state === 'inUse' &&
      methods.length > 0 &&
      sellable?.way === 'time' &&
      sellable.topUp &&
      canTopUpNow(row.online, row.report),
  };
}

/** Whether a machine's QR sticker is printed, and if not, why (the checkout's own rules, state aside). */
export function stickerOf(
  row: MethodsRow & SellingRow & { hwid: string | null },
  providerFor: ProviderOfMethod,
): { canTakePayment: boolean; reason: QrStickerReason | null } {
  const reason: QrStickerReason | null =
    row.hwid === null
      ? 'noController'
      : !mobileMethods(row).some((gateway) => providerFor(gateway) !== null)
        ? 'notSetUp'
        : !sellsByPhone(row)
          ? 'notSelling'
          : null;
  return { canTakePayment: reason === null, reason };
}
