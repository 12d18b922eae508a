import { parseMajorAmount } from '../../../lib/money-input';

/** A correction typed in major units, with an optional sign ("-50", "+12.5"); null when not an amount. */
export function parseSignedAmount(text: string, currency: string): number | null {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const unsigned = trimmed.replace(/^[+-]/, '');
  const minor = parseMajorAmount(unsigned, currency);
  if (minor === null) return null;
  return negative ? -minor : minor;
}

/** A points correction: a whole number with an optional sign; null otherwise. */
export function parseSignedPoints(text: string): number | null {
  const trimmed = text.trim().replace(/[,\s]/g, '');
  if (!/^[+-]?\d{1,9}$/.test(trimmed)) return null;
  return Number(trimmed);
}
