import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { claimCodeAlphabet as alphabet, claimCodeLength, normaliseClaimCode as normalise } from '@sbo/contracts';

/** A one-time claim code: 12 characters (about 59 bits), shown once when the hardware is registered. */
export function generateClaimCode(): string {
  return Array.from({ length: claimCodeLength }, () => alphabet[randomInt(alphabet.length)]).join('');
}

// Codes are compared case- and space-insensitively, as people type them (`normaliseClaimCode`).
export const hashClaimCode = (code: string) => createHash('sha256').update(normalise(code)).digest('hex');

export function claimCodeMatches(code: string | undefined, storedHash: string | null): boolean {
  if (!code || !storedHash) return false;
  const given = Buffer.from(hashClaimCode(code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
