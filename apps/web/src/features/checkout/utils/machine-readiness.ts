import type { CheckoutMachine } from '@sbo/contracts/schemas/checkout';

/** Why a start cannot be paid for now, in the order a consumer can do something about it. */
type NotPayableReason = 'notSetUp' | 'inUse' | 'offline' | 'fault' | 'noCourses' | 'unavailable';

/** `topUp`: the machine runs, and what can be paid is more minutes for it (a dryer). */
type PaymentReadiness = { canPay: true; topUp?: true } | { canPay: false; reason: NotPayableReason };

/**
 * Whether the screen offers payment, and if not, the reason to tell the consumer. The api's `canPay`
 * and `canTopUp` decide; the state and the lists only choose the words, so the screen never offers
 * what the api refuses.
 */
export function paymentReadiness(
  machine: Pick<CheckoutMachine, 'state' | 'courses' | 'paymentSetUp' | 'canPay'> &
    Partial<Pick<CheckoutMachine, 'offer' | 'canTopUp'>>,
): PaymentReadiness {
  // Not set up outranks the machine's state: no wait or refresh will make it payable.
  if (!machine.paymentSetUp) return { canPay: false, reason: 'notSetUp' };
  if (machine.state === 'inUse' && machine.canTopUp) return { canPay: true, topUp: true };
  if (machine.state !== 'free') return { canPay: false, reason: machine.state };
  if (machine.courses.length === 0 && !machine.offer) return { canPay: false, reason: 'noCourses' };
  return machine.canPay ? { canPay: true } : { canPay: false, reason: 'unavailable' };
}

/** Busy, offline or faulty machines may become free on their own: those reasons come with a refresh. */
export const worthRefreshing = (reason: NotPayableReason): boolean =>
  reason === 'inUse' || reason === 'offline' || reason === 'fault' || reason === 'unavailable';
