import { currencySymbolIn, formatMoneyIn } from '@sbo/contracts/money-format';
import { currencyExponent } from '@sbo/contracts/settlement';
import { currentLanguage } from './i18n';

const compactUnits = [
  { value: 1e12, suffix: 'T' },
  { value: 1e9, suffix: 'B' },
  { value: 1e6, suffix: 'M' },
  { value: 1e3, suffix: 'K' },
] as const;

const roundTo = (value: number, digits: number) => Number(value.toFixed(digits));

function scaleToUnit(magnitude: number): { scaled: number; digits: number; suffix: string } | null {
  const index = compactUnits.findIndex((unit) => magnitude >= unit.value);
  const unit = compactUnits[index];
  if (!unit) return null;
  const digits = magnitude / unit.value < 10 ? 1 : 0;
  const scaled = roundTo(magnitude / unit.value, digits);
  // 999 950 would round to "1000K": carry it into the next unit up instead.
  const larger = compactUnits[index - 1];
  if (scaled >= 1000 && larger)
    return { scaled: roundTo(magnitude / larger.value, 1), digits: 1, suffix: larger.suffix };
  return { scaled, digits, suffix: unit.suffix };
}

/**
 * Values of 1000 and above shortened with K, M, B, T to about two significant
 * digits (1234 → 1.2K, 15300 → 15K, 250000 → 250K); smaller values in full.
 */
export function formatCompact(value: number, locale: string = currentLanguage()): string {
  if (!Number.isFinite(value)) return '';
  const unit = scaleToUnit(Math.abs(value));
  if (!unit) return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: unit.digits }).format(unit.scaled);
  return `${value < 0 ? '-' : ''}${number}${unit.suffix}`;
}

// Decimal places of a currency's minor unit (TWD 2, JPY 0): one rule for the api and the web.
export { currencyExponent };

/** Money is integer minor units plus an ISO currency; never floats on the way in. */
export function formatMoney(minorUnits: number, currency: string, locale: string = currentLanguage()): string {
  return formatMoneyIn(minorUnits, currency, locale);
}

/** The currency's symbol as amounts carry it (NT$, HK$, ฿): labels and inputs say it the same way. */
export function currencySymbol(currency: string, locale: string = currentLanguage()): string {
  return currencySymbolIn(currency, locale);
}

const numberParts = new Set<Intl.NumberFormatPartTypes>(['integer', 'group', 'decimal', 'fraction']);

/**
 * An amount in integer minor units, shortened like `formatCompact` but written with the currency's symbol
 * where `formatMoney` puts it (NT$87K, 1,2K ₫, ￥15K), so compact and exact figures read alike.
 */
export function formatCompactMoney(minorUnits: number, currency: string, locale: string = currentLanguage()): string {
  if (!Number.isFinite(minorUnits)) return '';
  const value = minorUnits / 10 ** currencyExponent(currency);
  const number = formatCompact(Math.abs(value), locale);
  const pattern = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).formatToParts(value < 0 ? -1 : 1);
  let placed = false;
  return pattern
    .map((part) => {
      if (!numberParts.has(part.type)) return part.value;
      if (placed) return '';
      placed = true;
      return number;
    })
    .join('');
}

// Intl formatters are slow to make and cheap to use: one per locale, style and time zone, kept (a list of
// twenty rows made twenty of each on every render).
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatter<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let made = formatters.get(key) as F | undefined;
  if (!made) {
    made = make();
    formatters.set(key, made);
  }
  return made;
}

export function formatNumber(value: number, locale: string = currentLanguage()): string {
  return formatter(`number|${locale}`, () => new Intl.NumberFormat(locale)).format(value);
}

type DateInput = Date | string | number;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

const dateFormat = (locale: string, timeZone: string | undefined, style: Intl.DateTimeFormatOptions) =>
  formatter(
    `date|${locale}|${timeZone ?? ''}|${style.dateStyle ?? ''}|${style.timeStyle ?? ''}`,
    () => new Intl.DateTimeFormat(locale, { ...style, timeZone }),
  );

/** A calendar date in the locale's form, optionally in a given time zone (the merchant's). */
export function formatDate(value: DateInput, locale: string = currentLanguage(), timeZone?: string): string {
  return dateFormat(locale, timeZone, { dateStyle: 'medium' }).format(toDate(value));
}

export function formatDateTime(value: DateInput, locale: string = currentLanguage(), timeZone?: string): string {
  return dateFormat(locale, timeZone, { dateStyle: 'medium', timeStyle: 'short' }).format(toDate(value));
}

/** Like `formatDateTime`, to the second: for steps that follow each other within a minute. */
export function formatDateTimeSeconds(value: DateInput, locale: string = currentLanguage(), timeZone?: string): string {
  return dateFormat(locale, timeZone, { dateStyle: 'medium', timeStyle: 'medium' }).format(toDate(value));
}

/** A currency named in the current language with the symbol amounts carry: "New Taiwan Dollar (NT$)". */
export function formatCurrencyName(currency: string, locale: string = currentLanguage()): string {
  let name = currency;
  try {
    name = new Intl.DisplayNames([locale], { type: 'currency' }).of(currency) ?? currency;
  } catch {
    // An unknown code keeps its letters.
  }
  return `${name} (${currencySymbol(currency, locale)})`;
}

/** A country or region code (ISO 3166, e.g. TW) named in the current language. */
export function formatRegion(code: string, locale: string = currentLanguage()): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
