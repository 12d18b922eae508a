import { currencyExponent } from './settlement';

// One way to write an amount wherever the product shows one (back office, consumer pages, the payment
// sandbox): the locale's currency format with the currency's own decimals, "NT$1,000.00" in English.

/** Integer minor units as the locale writes the amount, with the currency's symbol. */
export function formatMoneyIn(minorUnits: number, currency: string, locale: string): string {
  const exponent = currencyExponent(currency);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  }).format(minorUnits / 10 ** exponent);
}

/** The currency's symbol as amounts in this locale carry it ("NT$" in English), for labels and inputs. */
export function currencySymbolIn(currency: string, locale: string): string {
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}
