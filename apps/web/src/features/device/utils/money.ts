import { currencyExponent } from '../../../lib/format';

/** An amount typed in the currency's main unit (e.g. 30 dollars) as integer minor units. */
export function toMinorUnits(major: number, currency: string): number {
  return Math.round(major * 10 ** currencyExponent(currency));
}

export function toMajorUnits(minor: number, currency: string): number {
  return minor / 10 ** currencyExponent(currency);
}

/** The smallest step an amount input accepts in the currency's main unit (0.01 for TWD, 1 for JPY). */
export const amountStep = (currency: string) => 1 / 10 ** currencyExponent(currency);
