import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Database } from '../db/client';
import * as schema from '../db/schema';

/**
 * The advisory lock keys of work that one api instance at a time does (one list, so no two uses
 * share a key): migrations 727001, the demo seed 727002, the anomaly scan 727003, the promotion
 * price pass 727004, the first root account 727010.
 */
export const advisoryLocks = { anomalyScan: 727003, promotionPricing: 727004 } as const;

/**
 * Runs `work` on one connection holding a session advisory lock; null when another instance holds
 * it. An instance that dies holding it loses its connection, and PostgreSQL releases the lock.
 */
export async function whileLocked<T>(
  pool: pg.Pool,
  key: number,
  work: (db: Database) => Promise<T>,
): Promise<T | null> {
  const client = await pool.connect();
  const db = drizzle(client, { schema });
  try {
    const locked = await db.execute<{ ok: boolean }>(sql`select pg_try_advisory_lock(${key}) as ok`);
    if (!locked.rows[0]?.ok) return null;
    try {
      return await work(db);
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${key})`);
    }
  } finally {
    client.release();
  }
}
