import { currencyExponent } from './settlement';

// One way to write an amount wherever the product shows one (back office, consumer pages, the payment
// sandbox): the locale's currency format with the currency's own decimals, "NT$1,000.00" in English.

// Formats are made once per locale and currency (each costs a phone's browser a few milliseconds) and kept.
const formats = new Map<string, Intl.NumberFormat>();
const symbols = new Map<string, string>();

/** Integer minor units as the locale writes the amount, with the currency's symbol. */
export function formatMoneyIn(minorUnits: number, currency: string, locale: string): string {
  const exponent = currencyExponent(currency);
  const key = `${locale}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    });
    formats.set(key, format);
  }
  return format.format(minorUnits / 10 ** exponent);
}

/** The currency's symbol as amounts in this locale carry it ("NT$" in English), for labels and inputs. */
export function currencySymbolIn(currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let symbol = symbols.get(key);
  if (symbol === undefined) {
    const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(0);
    symbol = parts.find((part) => part.type === 'currency')?.value ?? currency;
    symbols.set(key, symbol);
  }
  return symbol;
}
