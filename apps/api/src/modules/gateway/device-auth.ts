import { createHash, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { hwidPattern } from '@sbo/contracts/mqtt';
import { verifyDeviceSecret } from '../../lib/device-secret';
import type { BrokerIdentity } from './broker';

type Cached = { identity: BrokerIdentity | null; expires: number };
const cacheMs = { accepted: 30_000, refused: 5_000 };
const cacheLimit = 50_000;

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Checks MQTT credentials: the gateway's own user, or hwid (= client id) with its device secret
 * against `device_hardware.secret_hash`. Answers are cached (30 s, refusals 5 s) (by a digest of the
 * credentials), so a fleet reconnecting after a broker restart does not run one scrypt per retry.
 */
export function createDeviceAuthenticator(options: { pool: pg.Pool; gateway: { username: string; password: string } }) {
  const cache = new Map<string, Cached>();
  const gatewayDigest = digest(`${options.gateway.username}\0${options.gateway.password}`);

  async function check(clientId: string, username: string, password: string): Promise<BrokerIdentity | null> {
    if (username === options.gateway.username) {
      return timingSafeEqual(digest(`${username}\0${password}`), gatewayDigest) ? { role: 'gateway' } : null;
    }
    if (clientId !== username || !hwidPattern.test(username)) return null;
    const result = await options.pool.query<{ secret_hash: string }>(
      'select secret_hash from device_hardware where hwid = $1',
      [username],
    );
    const stored = result.rows[0]?.secret_hash;
    return stored && (await verifyDeviceSecret(password, stored)) ? { role: 'device', hwid: username } : null;
  }

  return {
    async authenticate(clientId: string, username?: string, password?: string): Promise<BrokerIdentity | null> {
      if (!username || !password || password.length > 256) return null;
      const key = digest(`${clientId}\0${username}\0${password}`).toString('base64');
      const hit = cache.get(key);
      if (hit && hit.expires > Date.now()) return hit.identity;
      const identity = await check(clientId, username, password);
      if (cache.size >= cacheLimit) cache.clear();
      cache.set(key, { identity, expires: Date.now() + (identity ? cacheMs.accepted : cacheMs.refused) });
      return identity;
    },
  };
}
