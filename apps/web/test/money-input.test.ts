import { describe, expect, it } from 'vitest';
import { formatMajorAmount, parseMajorAmount } from '../src/lib/money-input';

describe('parseMajorAmount', () => {
  it('turns major units into exact minor units without float drift', () => {
    expect(parseMajorAmount('0.29', 'TWD')).toBe(29);
    expect(parseMajorAmount('1,234.5', 'TWD')).toBe(123450);
    expect(parseMajorAmount(' 1005.10 ', 'USD')).toBe(100510);
    expect(parseMajorAmount('19.99', 'THB')).toBe(1999);
  });

  it('follows the currency exponent: none for JPY, three for KWD', () => {
    expect(parseMajorAmount('1500', 'JPY')).toBe(1500);
    expect(parseMajorAmount('1500.5', 'JPY')).toBeNull();
    expect(parseMajorAmount('1.005', 'KWD')).toBe(1005);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', '-1', '1.234', 'abc', '1e3', '.5', '12.3.4']) {
      expect(parseMajorAmount(text, 'TWD')).toBeNull();
    }
  });
});

describe('formatMajorAmount', () => {
  it('shows minor units as the plain text of an input, and round-trips', () => {
    expect(formatMajorAmount(29, 'TWD')).toBe('0.29');
    expect(formatMajorAmount(123450, 'TWD')).toBe('1234.50');
    expect(formatMajorAmount(1500, 'JPY')).toBe('1500');
    expect(formatMajorAmount(-5, 'TWD')).toBe('-0.05');
    for (const minor of [0, 1, 99, 100, 987654321]) {
      expect(parseMajorAmount(formatMajorAmount(minor, 'TWD'), 'TWD')).toBe(minor);
    }
  });
});
