import type { CheckoutOffer } from '@sbo/contracts/schemas/checkout';
import { discountedPrice } from '@sbo/contracts/promotion-prices';
import { currencyExponent } from '@sbo/contracts/settlement';

type AmountOffer = Extract<CheckoutOffer, { way: 'amount' }>;
type TimeOffer = Extract<CheckoutOffer, { way: 'time' }>;
/** A price to show: what it costs now, the usual price while a promotion lowers it, a free cycle. */
export type ShownPrice = { price: number; normalPrice?: number; free?: boolean };

/** A dryer's controller adds at most this many minutes at once (`extendDrying`), as the api allows. */
export const maxTopUpMinutes = 120;

/** What the customer typed ("70", "1.5") in minor units, or null when it is not an amount. */
export function parseTyped(typed: string, currency: string): number | null {
  const exponent = currencyExponent(currency);
  const pattern = exponent > 0 ? new RegExp(`^\\d{1,9}(?:[.,]\\d{1,${exponent}})?$`) : /^\d{1,9}$/;
  if (!pattern.test(typed)) return null;
  return Math.round(Number(typed.replace(',', '.')) * 10 ** exponent);
}

/** Why a typed amount cannot be paid (the api refuses the same), or null when it can. */
export function amountProblem(
  offer: AmountOffer,
  currency: string,
  typed: string,
): 'format' | 'range' | 'coins' | null {
  const amount = parseTyped(typed, currency);
  if (amount === null) return 'format';
  if (amount < offer.min || amount > offer.max) return 'range';
  return amount % offer.step === 0 ? null : 'coins';
}

/** What an amount of credit costs now: a happy hour's discount on it, rounded to the coin as the api does. */
export function amountPrice(offer: AmountOffer, amount: number): ShownPrice {
  if (!offer.discount) return { price: amount };
  const price = discountedPrice(amount, { course: '*', ...offer.discount }, offer.discount.calculation, offer.step);
  if (price === amount && offer.discount.kind !== 'free') return { price };
  return { price, normalPrice: amount, ...(offer.discount.kind === 'free' ? { free: true } : {}) };
}

/** What some minutes cost: the price of a step (a happy hour's while one is on) times the steps. */
export function minutesPrice(offer: TimeOffer, minutes: number): ShownPrice {
  const steps = minutes / offer.stepMinutes;
  return {
    price: offer.price * steps,
    ...(offer.normalPrice ? { normalPrice: offer.normalPrice * steps } : {}),
    ...(offer.free ? { free: true } : {}),
  };
}

/** The most minutes a purchase may have: the machine's limit, and for a top-up what one extension takes. */
export const mostMinutes = (offer: TimeOffer, topUp: boolean) =>
  topUp
    ? Math.min(offer.maxMinutes, Math.floor(maxTopUpMinutes / offer.stepMinutes) * offer.stepMinutes)
    : offer.maxMinutes;

/** Where the minutes start: about 40 minutes of drying (10 for a top-up), in the rate's steps, within the limit. */
export function startingMinutes(offer: TimeOffer, topUp: boolean): number {
  const wanted = topUp ? 10 : 40;
  const steps = Math.max(1, Math.round(wanted / offer.stepMinutes));
  return Math.min(steps * offer.stepMinutes, mostMinutes(offer, topUp));
}
