import { createHmac, pbkdf2Sync, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { Executor } from '../db/client';
import { storedSecret } from './secrets';

/**
 * Device secrets are 192 random bits: nobody can guess one, so a stored hash only has to be
 * one-way, not slow. `hmac-sha256$<hash>` is HMAC-SHA-256 of the secret under the install's
 * device-secret key (`app_secrets`, see docs/decisions.md): a microsecond to check, so a fleet
 * reconnecting at once or a flood of wrong passwords costs the api next to nothing.
 * Hashes of the first release (`scrypt$N$r$p$salt$hash`) are still verified, and replaced by the
 * keyed hash on the device's next successful connect (`device-auth.ts`).
 */
const scheme = 'hmac-sha256';
const keyName = 'device-secret-key';

/** A new per-device secret (32 characters, base64url); shown once, stored only as hashes. */
export function generateDeviceSecret(): string {
  return randomBytes(24).toString('base64url');
}

/** The install's device-secret key, created once; every api instance on the database shares it. */
export async function deviceSecretKey(db: Executor): Promise<Buffer> {
  return Buffer.from(await storedSecret(db, keyName, () => randomBytes(32).toString('base64url')), 'base64url');
}

const mac = (key: Buffer, secret: string) => createHmac('sha256', key).update(secret, 'utf8').digest();

/** `hmac-sha256$<base64url>`: what `device_hardware.secret_hash` keeps. */
export function hashDeviceSecret(key: Buffer, secret: string): string {
  return `${scheme}$${mac(key, secret).toString('base64url')}`;
}

/** A hash of the first release (scrypt), to be checked slowly once and then replaced. */
export function isLegacyDeviceHash(stored: string): boolean {
  return stored.startsWith('scrypt$');
}

/** Whether `secret` matches a keyed hash, in constant time; false for any other scheme. */
export function verifyDeviceSecret(key: Buffer, secret: string, stored: string): boolean {
  if (!stored.startsWith(`${scheme}$`)) return false;
  const expected = Buffer.from(stored.slice(scheme.length + 1), 'base64url');
  const actual = mac(key, secret);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

function derive(secret: string, salt: Buffer, N: number, r: number, p: number, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, length, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** Checks a first-release `scrypt$N$r$p$salt$hash` (milliseconds of CPU: see device-auth.ts's limits). */
export async function verifyLegacyDeviceSecret(secret: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  // Only the parameters the first release wrote: a tampered row cannot ask for a huge derivation.
  if (kind !== 'scrypt' || !salt || !hash || N > 16_384 || R > 8 || P > 1 || !(N > 1 && R > 0 && P > 0)) return false;
  const expected = Buffer.from(hash, 'base64url');
  if (expected.length < 16 || expected.length > 64) return false;
  const key = await derive(secret, Buffer.from(salt, 'base64url'), N, R, P, expected.length);
  return timingSafeEqual(key, expected);
}

/** The first release's hash, kept for tests and benchmarks of the migration path. */
export async function legacyHashDeviceSecret(secret: string): Promise<string> {
  const [N, r, p] = [4096, 8, 1];
  const salt = randomBytes(16);
  const key = await derive(secret, salt, N, r, p, 32);
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Mosquitto 2's password-file hash (`$7$`: PBKDF2-SHA512, 101 rounds), for an external broker. */
export function mosquittoHash(secret: string): string {
  const salt = randomBytes(12);
  const hash = pbkdf2Sync(secret, salt, 101, 64, 'sha512');
  return `$7$101$${salt.toString('base64')}$${hash.toString('base64')}`;
}
