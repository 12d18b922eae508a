import { describe, expect, it } from 'vitest';
import { currencyExponent, formatCompact, formatCompactMoney, formatMoney } from '../src/lib/format';

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

describe('formatCompactMoney', () => {
  it.each([
    ['zh-TW', 8_700_000, 'TWD', '$87K'],
    ['en', 8_700_000, 'TWD', 'NT$87K'],
    ['ja', 8_700_000, 'TWD', 'NT$87K'],
    ['ja', 15_300, 'JPY', '￥15K'],
    ['en', 15_300, 'JPY', '¥15K'],
    ['zh-HK', 123_456_00, 'HKD', 'HK$123K'],
    ['en', 99_900, 'TWD', 'NT$999'],
    ['en', -123_400, 'TWD', '-NT$1.2K'],
    ['vi', 123_000_000, 'VND', '123M ₫'],
    ['ms', 250_000_000, 'MYR', 'RM 2.5M'],
    ['th', 4_500_000, 'THB', '฿45K'],
  ])('in %s shows %d minor units of %s as %s', (locale, minor, currency, expected) => {
    expect(formatCompactMoney(minor, currency, locale).replace(/\u00a0/g, ' ')).toBe(expected);
  });

  it('uses the same currency symbol as the exact amount in every language', () => {
    for (const locale of ['zh-TW', 'en', 'zh-HK', 'th', 'vi', 'ms', 'zh-CN', 'ja']) {
      const exact = formatMoney(8_712_345, 'TWD', locale);
      const compact = formatCompactMoney(8_712_345, 'TWD', locale);
      const symbol = (text: string) => text.replace(/[\d.,\s\u00a0KMBT-]/g, '');
      expect(symbol(compact)).toBe(symbol(exact));
    }
  });
});
