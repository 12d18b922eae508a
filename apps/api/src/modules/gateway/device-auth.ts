import { createHash, timingSafeEqual } from 'node:crypto';
import { hwidPattern } from '@sbo/contracts/mqtt';
import {
  hashDeviceSecret,
  isLegacyDeviceHash,
  verifyDeviceSecret,
  verifyLegacyDeviceSecret,
} from '../../lib/device-secret';
import type { Database } from '../../db/client';
import { throttled, type BrokerIdentity } from './broker';
import { replaceSecretHash, secretHashBatchReader } from './credential-repository';
import { createRateLimiter } from './rate-limiter';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Checks MQTT credentials: the gateway's own user, or hwid (= client id) with its device secret
 * against `device_hardware.secret_hash`, read on every CONNECT, so a rotated or revoked secret is
 * refused at once. A keyed hash (HMAC-SHA-256) is checked in about a microsecond: a fleet
 * reconnecting at once costs one indexed read per device, and wrong passwords are simply refused.
 *
 * A hash of the first release (scrypt, milliseconds of CPU) is checked once and replaced by the
 * keyed hash when it matches: the device's secret is only ever seen at its CONNECT, so migrating
 * on that connect is the only way that needs nothing from the device. Until then a hwid with
 * `failedPerMinute` wrong secrets is refused without hashing, and at most `legacyChecks` scrypts
 * run at a time (the others are told the server is unavailable and retry): a flood of wrong
 * passwords cannot hold the api's CPU.
 */
export function createDeviceAuthenticator(options: {
  db: Database;
  /** Where the secret hashes are read (a pool of their own, so a check does not queue behind ingestion); `db` by default. */
  credentialsDb?: Database;
  /** The install's device-secret key (`deviceSecretKey`). */
  key: Buffer;
  gateway: { username: string; password: string };
  failedPerMinute: number;
  legacyChecks?: number;
}) {
  const { db, key } = options;
  const secretHashOf = secretHashBatchReader(options.credentialsDb ?? db);
  const failures = createRateLimiter({ capacity: options.failedPerMinute, perMs: 60_000 });
  const gatewayDigest = digest(`${options.gateway.username}\0${options.gateway.password}`);
  const legacyChecks = options.legacyChecks ?? 2;
  let legacyRunning = 0;

  /** The keyed hash in place of a matching scrypt one; null if the row changed meanwhile (rotated). */
  async function migrate(hwid: string, password: string, stored: string): Promise<string | null | typeof throttled> {
    if (!failures.allows(hwid) || legacyRunning >= legacyChecks) return throttled;
    legacyRunning += 1;
    let matches: boolean;
    try {
      matches = await verifyLegacyDeviceSecret(password, stored);
    } finally {
      legacyRunning -= 1;
    }
    if (!matches) {
      failures.take(hwid);
      return null;
    }
    const upgraded = hashDeviceSecret(key, password);
    return (await replaceSecretHash(db, hwid, stored, upgraded)) ? upgraded : null;
  }

  return {
    async authenticate(
      clientId: string,
      username?: string,
      password?: string,
    ): Promise<BrokerIdentity | null | typeof throttled> {
      if (!username || !password || password.length > 256) return null;
      if (username === options.gateway.username) {
        return timingSafeEqual(digest(`${username}\0${password}`), gatewayDigest) ? { role: 'gateway' } : null;
      }
      if (clientId !== username || !hwidPattern.test(username)) return null;
      const stored = await secretHashOf(username);
      if (!stored) return null;
      if (!isLegacyDeviceHash(stored)) {
        return verifyDeviceSecret(key, password, stored)
          ? { role: 'device', hwid: username, credential: stored }
          : null;
      }
      const credential = await migrate(username, password, stored);
      if (credential === throttled) return throttled;
      return credential ? { role: 'device', hwid: username, credential } : null;
    },
  };
}
