import { generateKeyPair, randomBytes, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import type { JWK } from 'oidc-provider';
import type pg from 'pg';

export type ProviderSecrets = { jwks: { keys: JWK[] }; cookieKeys: string[] };

const generateRsaKeyPair = promisify(generateKeyPair);

/**
 * Stores `create()` under `name` unless another process already did, then returns the stored value,
 * so every instance on the database ends up with the same secret.
 */
async function loadOrCreateSecret<T>(pool: pg.Pool, name: string, create: () => Promise<T>): Promise<T> {
  const existing = await pool.query<{ value: T }>('SELECT value FROM sso.secrets WHERE name = $1', [name]);
  if (existing.rows[0]) return existing.rows[0].value;
  const candidate = await create();
  await pool.query('INSERT INTO sso.secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    JSON.stringify(candidate),
  ]);
  const stored = await pool.query<{ value: T }>('SELECT value FROM sso.secrets WHERE name = $1', [name]);
  const row = stored.rows[0];
  if (!row) throw new Error(`sso secret "${name}" could not be stored`);
  return row.value;
}

async function createSigningKeys(): Promise<{ keys: JWK[] }> {
  const { privateKey } = await generateRsaKeyPair('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  return { keys: [{ ...jwk, kid: randomUUID(), alg: 'RS256', use: 'sig' }] };
}

async function createCookieKeys(): Promise<string[]> {
  return [randomBytes(32).toString('base64url')];
}

/** The provider's RS256 signing key set and cookie signing keys, generated once per database. */
export async function loadProviderSecrets(pool: pg.Pool): Promise<ProviderSecrets> {
  const jwks = await loadOrCreateSecret(pool, 'jwks', createSigningKeys);
  const cookieKeys = await loadOrCreateSecret(pool, 'cookie_keys', createCookieKeys);
  return { jwks, cookieKeys };
}
