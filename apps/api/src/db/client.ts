import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction: repositories accept either. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  return pool;
}

export function createDatabase(pool: pg.Pool): Database {
  return drizzle(pool, { schema });
}

const databases = new WeakMap<pg.Pool, Database>();

/** The query builder over a pool, made once per pool (for code that is handed a pool). */
export function databaseOf(pool: pg.Pool): Database {
  let db = databases.get(pool);
  if (!db) databases.set(pool, (db = createDatabase(pool)));
  return db;
}

/** The advisory lock migrations run under (a backup takes it shared, so none runs while it reads). */
export const migrationLockKey = 727001;

/** Applies pending migrations under an advisory lock, so instances starting together do not race. */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(`select pg_advisory_lock(${migrationLockKey})`);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query(`select pg_advisory_unlock(${migrationLockKey})`).catch(() => undefined);
    client.release();
  }
}
