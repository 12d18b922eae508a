import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

// No 0/O, 1/I/L: the code is read off a label and typed in by hand.
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A one-time claim code: 12 characters (about 59 bits), shown once when the hardware is registered. */
export function generateClaimCode(): string {
  return Array.from({ length: 12 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/** Codes are compared case- and space-insensitively, as people type them. */
const normalise = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

export const hashClaimCode = (code: string) => createHash('sha256').update(normalise(code)).digest('hex');

export function claimCodeMatches(code: string | undefined, storedHash: string | null): boolean {
  if (!code || !storedHash) return false;
  const given = Buffer.from(hashClaimCode(code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
