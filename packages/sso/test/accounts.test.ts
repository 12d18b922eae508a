import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, findAccountByEmail, hashPassword, migrateSso, verifyPassword } from '../src/index.js';
import { loadProviderSecrets } from '../src/secrets.js';
import { endPool, startTestDatabase, type TestDatabase } from './helpers/postgres.js';

let database: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  database = await startTestDatabase();
  pool = new pg.Pool({ connectionString: database.url });
  await migrateSso(pool);
});

afterAll(async () => {
  if (pool) await endPool(pool);
  await database?.stop();
});

describe('passwords', () => {
  it('stores scrypt$N$r$p$salt$hash with a fresh salt each time', async () => {
    const first = await hashPassword('correct horse');
    const second = await hashPassword('correct horse');
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
    expect(second).not.toBe(first);
  });

  it('verifies the right password only, and never a malformed hash', async () => {
    const stored = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsE', stored)).toBe(false);
    expect(await verifyPassword('correct horse', 'plain-text')).toBe(false);
  });
});

describe('migrateSso', () => {
  it('can run from several processes at once and again later', async () => {
    await Promise.all([migrateSso(pool), migrateSso(pool), migrateSso(pool)]);
    await migrateSso(pool);
    const { rows } = await pool.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'sso' ORDER BY table_name",
    );
    expect(rows.map((row) => row.table_name)).toEqual([
      'account_attempts',
      'accounts',
      'oidc_payloads',
      'rate_limits',
      'secrets',
    ]);
  });
});

describe('accounts', () => {
  it('stores the email lower-cased and finds it whatever the case', async () => {
    const { id } = await createAccount(pool, {
      email: ' Mixed.Case@Example.COM ',
      password: 'long enough',
      name: 'Mia',
    });
    const account = await findAccountByEmail(pool, 'MIXED.case@example.com');
    expect(account).toMatchObject({ id, email: 'mixed.case@example.com', name: 'Mia', locale: 'en' });
    expect(await verifyPassword('long enough', account?.passwordHash ?? '')).toBe(true);
  });

  it('refuses a second account with the same email with a clear error', async () => {
    await createAccount(pool, { email: 'taken@example.com', password: 'long enough', name: 'First' });
    await expect(
      createAccount(pool, { email: 'TAKEN@example.com', password: 'long enough', name: 'Second' }),
    ).rejects.toThrow('An account with the email taken@example.com already exists');
  });
});

describe('provider secrets', () => {
  it('generates one RS256 signing key per database and hands every instance the same', async () => {
    const [first, second] = await Promise.all([loadProviderSecrets(pool), loadProviderSecrets(pool)]);
    const again = await loadProviderSecrets(pool);
    expect(first.jwks.keys).toHaveLength(1);
    expect(first.jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(second).toEqual(first);
    expect(again).toEqual(first);
  });
});
