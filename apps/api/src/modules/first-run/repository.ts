import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { appSecrets, users } from '../../db/schema';

/** Either the pool or one client in an open transaction. */
type Queryable = pg.Pool | pg.PoolClient;

/** The pending set-up link lives beside the other generated secrets: only its hash and its end. */
const TOKEN_ROW = 'first-root-setup-token';

export type StoredSetupToken = { hash: string; expiresAt: number };

/** Drizzle over the pool or over the one client of an open transaction. */
const orm = (db: Queryable) => drizzle(db);

export async function rootExists(db: Queryable): Promise<boolean> {
  const rows = await orm(db).select({ id: users.id }).from(users).where(eq(users.isRoot, true)).limit(1);
  return rows.length > 0;
}

/** Stores a new link's hash, replacing any earlier one (which stops working). */
export async function saveSetupToken(db: Queryable, token: StoredSetupToken): Promise<void> {
  await orm(db)
    .insert(appSecrets)
    .values({ name: TOKEN_ROW, value: JSON.stringify(token) })
    .onConflictDoUpdate({ target: appSecrets.name, set: { value: sql`excluded.value`, createdAt: sql`now()` } });
}

/** The pending link; `forUpdate` holds it until the transaction ends, so two uses cannot both pass. */
export async function findSetupToken(db: Queryable, forUpdate = false): Promise<StoredSetupToken | null> {
  const query = orm(db).select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, TOKEN_ROW));
  const rows = forUpdate ? await query.for('update') : await query;
  if (!rows[0]) return null;
  const parsed = JSON.parse(rows[0].value) as Partial<StoredSetupToken>;
  return typeof parsed.hash === 'string' && typeof parsed.expiresAt === 'number'
    ? { hash: parsed.hash, expiresAt: parsed.expiresAt }
    : null;
}

export async function deleteSetupToken(db: Queryable): Promise<void> {
  await orm(db).delete(appSecrets).where(eq(appSecrets.name, TOKEN_ROW));
}

/** Makes the user with this email root, creating them when there is none (an issuer links them by email). */
export async function upsertRootUser(
  db: Queryable,
  user: { email: string; name: string; locale: string },
): Promise<number> {
  // The conflict target is the lower(email) index, which the query builder cannot name.
  const result = await orm(db).execute<{ id: number }>(sql`
    insert into ${users} (email, nick_name, locale, is_root) values (${user.email}, ${user.name}, ${user.locale}, true)
    on conflict (lower(email)) do update set is_root = true
    returning id`);
  return result.rows[0]!.id;
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
    await orm(client).execute(sql`begin`);
    await orm(client).execute(sql`select pg_advisory_xact_lock(727010)`);
    const { result, commit } = await work(client);
    await orm(client).execute(commit ? sql`commit` : sql`rollback`);
    return result;
  } catch (error) {
    await orm(client)
      .execute(sql`rollback`)
      .catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
