import { currencyExponent } from './format';

/**
 * Money typed in major units ("1,234.50") to integer minor units, by string arithmetic so that
 * no float rounding creeps in (0.29 * 100 is 28.999… in floating point). Null when the text is
 * not an amount of this currency: a sign, letters, or more decimals than the currency has.
 */
export function parseMajorAmount(text: string, currency: string): number | null {
  const exponent = currencyExponent(currency);
  const compact = text.trim().replace(/[,\s]/g, '');
  const pattern = exponent > 0 ? new RegExp(`^(\\d+)(?:\\.(\\d{0,${exponent}}))?$`) : /^(\d+)$/;
  const match = pattern.exec(compact);
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').padEnd(exponent, '0');
  const minor = Number(`${whole}${fraction}`);
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units back to the plain text an input shows ("1234.50"): no grouping, no symbol. */
export function formatMajorAmount(minorUnits: number, currency: string): string {
  const exponent = currencyExponent(currency);
  const digits = String(Math.abs(minorUnits)).padStart(exponent + 1, '0');
  const sign = minorUnits < 0 ? '-' : '';
  if (exponent === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}
