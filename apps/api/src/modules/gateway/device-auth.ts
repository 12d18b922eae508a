import { createHash, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { hwidPattern } from '@sbo/contracts/mqtt';
import { verifyDeviceSecret } from '../../lib/device-secret';
import { throttled, type BrokerIdentity } from './broker';
import { createRateLimiter } from './rate-limiter';

const verdictLimit = 50_000;

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Checks MQTT credentials: the gateway's own user, or hwid (= client id) with its device secret
 * against `device_hardware.secret_hash`, read on every CONNECT. A verdict is remembered by a digest
 * of the password and the stored hash, so a fleet reconnecting after a broker restart costs one
 * scrypt per device, and a rotated or revoked secret is refused at once (its hash is gone).
 * A hwid with `failedPerMinute` wrong secrets is refused without hashing until the budget refills.
 */
export function createDeviceAuthenticator(options: {
  pool: pg.Pool;
  gateway: { username: string; password: string };
  failedPerMinute: number;
}) {
  const verdicts = new Map<string, boolean>();
  const failures = createRateLimiter({ capacity: options.failedPerMinute, perMs: 60_000 });
  const gatewayDigest = digest(`${options.gateway.username}\0${options.gateway.password}`);

  async function verify(hwid: string, password: string, stored: string): Promise<boolean | typeof throttled> {
    const key = digest(`${stored}\0${password}`).toString('base64');
    const known = verdicts.get(key);
    if (known !== undefined) return known;
    if (!failures.allows(hwid)) return throttled;
    const matches = await verifyDeviceSecret(password, stored);
    if (!matches) failures.take(hwid);
    if (verdicts.size >= verdictLimit) verdicts.clear();
    verdicts.set(key, matches);
    return matches;
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
      const result = await options.pool.query<{ secret_hash: string }>(
        'select secret_hash from device_hardware where hwid = $1',
        [username],
      );
      const stored = result.rows[0]?.secret_hash;
      if (!stored) return null;
      const verdict = await verify(username, password, stored);
      if (verdict === throttled) return throttled;
      return verdict ? { role: 'device', hwid: username, credential: stored } : null;
    },
  };
}
