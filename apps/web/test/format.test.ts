import { describe, expect, it } from 'vitest';
import { currencyExponent, formatCompact, formatMoney } from '../src/lib/format';

describe('formatCompact', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1K'],
    [1234, '1.2K'],
    [9960, '10K'],
    [15300, '15K'],
    [250_000, '250K'],
    [999_950, '1M'],
    [1_250_000, '1.3M'],
    [42_000_000, '42M'],
    [3_400_000_000, '3.4B'],
    [7_100_000_000_000, '7.1T'],
    [-1234, '-1.2K'],
  ])('shows %d as %s', (value, expected) => {
    expect(formatCompact(value, 'en')).toBe(expected);
  });

  it("uses the locale's decimal mark", () => {
    expect(formatCompact(1234, 'vi')).toBe('1,2K');
  });
});

describe('formatMoney', () => {
  it('reads integer minor units by the currency exponent', () => {
    expect(currencyExponent('TWD')).toBe(2);
    expect(currencyExponent('JPY')).toBe(0);
    expect(formatMoney(123456, 'USD', 'en')).toBe('$1,234.56');
    expect(formatMoney(500, 'JPY', 'en')).toBe('¥500');
  });
});
