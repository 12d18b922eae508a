import { describe, expect, it } from 'vitest';
import { cardReaderResults, catalogueEntry, errorCatalogue, ErrorCode, signOutCodes } from '../src/errors';

const span = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Every code and range named in spec section 8. */
const specCodes = [
  401,
  478,
  ...span(10001, 10010),
  ...span(11001, 11008),
  ...span(1101001, 1101004),
  1001003,
  1001004,
  1001005,
  ...span(1001, 1003),
  ...span(1102003, 1102009),
  ...span(1103001, 1103003),
  ...span(1104001, 1104018),
  ...span(1105001, 1105003),
  1106001,
  ...span(1107001, 1107003),
  ...span(1109001, 1109004),
  ...span(1303001, 1303010),
  ...span(1304001, 1304010),
  1702001,
  1702002,
  1710001,
  1710002,
  ...span(16091006, 16091089),
];

describe('the error catalogue', () => {
  it('holds every code and range of spec section 8', () => {
    const missing = specCodes.filter((code) => !catalogueEntry(code));
    expect(missing).toEqual([]);
  });

  it('gives every code one stable identifier and an English text', () => {
    expect(new Set(errorCatalogue.map((e) => e.code)).size).toBe(errorCatalogue.length);
    expect(new Set(errorCatalogue.map((e) => e.id)).size).toBe(errorCatalogue.length);
    for (const entry of errorCatalogue) {
      expect(entry.id).toMatch(/^[A-Z][A-Z0-9_]+$/);
      expect(entry.en.length).toBeGreaterThan(3);
    }
  });

  it('names the codes the server throws', () => {
    expect(ErrorCode.PERMISSION_DENIED).toBe(1104016);
    expect(ErrorCode.QUERY_RANGE_TOO_LONG).toBe(1103001);
    expect(catalogueEntry(ErrorCode.SERVER_ERROR)?.en).toContain('Server error');
  });

  it('lists the sign-out codes, each in the catalogue', () => {
    expect([...signOutCodes]).toEqual([401, 10002, 10003, 1001003, 1001004, 1001005, 1101004]);
    for (const code of signOutCodes) expect(catalogueEntry(code)).toBeDefined();
  });

  it('keeps card reader results 0000-0018 as strings', () => {
    expect(cardReaderResults.map((r) => r.code)).toEqual(span(0, 18).map((n) => String(n).padStart(4, '0')));
    expect(cardReaderResults[0]!.en).toBe('Approved.');
  });
});
