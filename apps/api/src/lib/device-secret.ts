import { pbkdf2Sync, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// Device secrets are 192 random bits, so the KDF only has to make a leaked table useless, not slow
// down guessing; a modest cost keeps a fleet's reconnect storm cheap.
const cost = { N: 4096, r: 8, p: 1 } as const;
const keyLength = 32;

/** A new per-device secret (32 characters, base64url); shown once, stored only as hashes. */
export function generateDeviceSecret(): string {
  return randomBytes(24).toString('base64url');
}

function derive(secret: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, keyLength, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash`, parameters stored so they can be raised later without a migration. */
export async function hashDeviceSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(secret, salt, cost.N, cost.r, cost.p);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyDeviceSecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(secret, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Mosquitto 2's password-file hash (`$7$`: PBKDF2-SHA512, 101 rounds), for an external broker. */
export function mosquittoHash(secret: string): string {
  const salt = randomBytes(12);
  const hash = pbkdf2Sync(secret, salt, 101, 64, 'sha512');
  return `$7$101$${salt.toString('base64')}$${hash.toString('base64')}`;
}
