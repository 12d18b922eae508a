import type pg from 'pg';

/** Either the pool or one client in an open transaction. */
type Queryable = pg.Pool | pg.PoolClient;

/** The pending set-up link lives beside the other generated secrets: only its hash and its end. */
const TOKEN_ROW = 'first-root-setup-token';

export type StoredSetupToken = { hash: string; expiresAt: number };

export async function rootExists(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>('select exists(select 1 from users where is_root) as found');
  return rows[0]?.found === true;
}

/** Stores a new link's hash, replacing any earlier one (which stops working). */
export async function saveSetupToken(db: Queryable, token: StoredSetupToken): Promise<void> {
  await db.query(
    `insert into app_secrets (name, value) values ($1, $2)
     on conflict (name) do update set value = excluded.value, created_at = now()`,
    [TOKEN_ROW, JSON.stringify(token)],
  );
}

/** The pending link; `forUpdate` holds it until the transaction ends, so two uses cannot both pass. */
export async function findSetupToken(db: Queryable, forUpdate = false): Promise<StoredSetupToken | null> {
  const { rows } = await db.query<{ value: string }>(
    `select value from app_secrets where name = $1${forUpdate ? ' for update' : ''}`,
    [TOKEN_ROW],
  );
  if (!rows[0]) return null;
  const parsed = JSON.parse(rows[0].value) as Partial<StoredSetupToken>;
  return typeof parsed.hash === 'string' && typeof parsed.expiresAt === 'number'
    ? { hash: parsed.hash, expiresAt: parsed.expiresAt }
    : null;
}

export async function deleteSetupToken(db: Queryable): Promise<void> {
  await db.query('delete from app_secrets where name = $1', [TOKEN_ROW]);
}

/** Makes the user with this email root, creating them when there is none (an issuer links them by email). */
export async function upsertRootUser(
  db: Queryable,
  user: { email: string; name: string; locale: string },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into users (email, nick_name, locale, is_root) values ($1, $2, $3, true)
     on conflict (lower(email)) do update set is_root = true
     returning id`,
    [user.email, user.name, user.locale],
  );
  return rows[0]!.id;
}

/**
 * Runs `work` in one transaction on a connection of its own, serialised with the set-up of the first
 * root account on every instance (an advisory lock); committed only when `work` says so.
 */
export async function inSetupTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<{ result: T; commit: boolean }>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock(727010)');
    const { result, commit } = await work(client);
    await client.query(commit ? 'commit' : 'rollback');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
