import type pg from 'pg';

// Any constant shared by every process that migrates the sso schema.
const MIGRATION_LOCK_KEY = 7_301_455_201;

const SCHEMA_SQL = `
CREATE SCHEMA IF NOT EXISTS sso;

CREATE TABLE IF NOT EXISTS sso.accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  password_hash text NOT NULL,
  name text NOT NULL,
  locale text NOT NULL DEFAULT 'en',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS sso.oidc_payloads (
  model text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (model, id)
);
CREATE INDEX IF NOT EXISTS oidc_payloads_grant_id_idx ON sso.oidc_payloads (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS oidc_payloads_uid_idx ON sso.oidc_payloads (model, uid) WHERE uid IS NOT NULL;
CREATE INDEX IF NOT EXISTS oidc_payloads_user_code_idx ON sso.oidc_payloads (model, user_code) WHERE user_code IS NOT NULL;
CREATE INDEX IF NOT EXISTS oidc_payloads_expires_at_idx ON sso.oidc_payloads (expires_at) WHERE expires_at IS NOT NULL;

CREATE TABLE IF NOT EXISTS sso.secrets (
  name text PRIMARY KEY,
  value jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS sso.rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  reset_at timestamptz NOT NULL
);

CREATE TABLE IF NOT EXISTS sso.account_attempts (
  email text PRIMARY KEY,
  attempts integer NOT NULL,
  locked_until timestamptz,
  updated_at timestamptz NOT NULL
);
`;

/** The `sso` schema made or completed inside the caller's open transaction (a restore's, say). */
export async function createSsoSchema(client: pg.ClientBase): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
  await client.query(SCHEMA_SQL);
}

/** Creates or completes the `sso` schema; safe to call from several processes at once. */
export async function migrateSso(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await createSsoSchema(client);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Deletes expired provider state, finished rate-limit windows and forgotten attempt counts. */
export async function purgeExpiredSsoRows(pool: pg.Pool): Promise<void> {
  await pool.query(`DELETE FROM sso.oidc_payloads WHERE expires_at < now() - interval '1 hour'`);
  await pool.query('DELETE FROM sso.rate_limits WHERE reset_at < now()');
  await pool.query(`DELETE FROM sso.account_attempts WHERE updated_at < now() - interval '1 day'`);
}
