import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { createPool, runMigrations } from '../src/db/client';
import { eventually } from './helpers/devices';
import { withDatabase } from './helpers/postgres-server';

// Instances starting together on an empty database (bench/several-instances.mjs does it with two
// built instances behind a proxy): one migrates, the others wait for it, then find nothing to do.
const journal = JSON.parse(
  readFileSync(new URL('../src/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };
const pools: pg.Pool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end().catch(() => undefined)));
});

async function emptyDatabase(): Promise<string> {
  const adminUrl = inject('pgAdminUrl');
  const name = `m_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return withDatabase(adminUrl, name);
}

/** An instance's pool, named so pg_locks tells the instances apart. */
function instancePool(url: string, name: string): pg.Pool {
  const pool = createPool(`${url}?application_name=${name}`, 2);
  pools.push(pool);
  return pool;
}

const lockHolders = async (pool: pg.Pool) =>
  (
    await pool.query<{ name: string; granted: boolean }>(
      `select a.application_name as name, l.granted from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and l.objid = 727001 and a.datname = current_database()`,
    )
  ).rows;

/** Migrations recorded as applied (drizzle's table; none before the first migration ran). */
async function applied(pool: pg.Pool): Promise<number> {
  const table = await pool.query(`select to_regclass('drizzle.__drizzle_migrations') as name`);
  if (table.rows[0].name === null) return 0;
  return (await pool.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0]!.n;
}

describe('migrations under the advisory lock', () => {
  it('makes an instance that starts while another migrates wait, then start on the migrated database', async () => {
    const url = await emptyDatabase();
    const observer = instancePool(url, 'observer');
    // The first instance, in the middle of migrating: it holds the lock.
    const first = await instancePool(url, 'first').connect();
    let second: Promise<boolean> | undefined;
    try {
      await first.query('select pg_advisory_lock(727001)');
      let secondDone = false;
      second = runMigrations(instancePool(url, 'second')).then(() => (secondDone = true));
      await eventually(async () => (await lockHolders(observer)).some((h) => h.name === 'second' && !h.granted));
      expect(secondDone).toBe(false);
      expect(await applied(observer)).toBe(0);
    } finally {
      await first.query('select pg_advisory_unlock(727001)');
      first.release();
    }
    await second;
    expect(await applied(observer)).toBe(journal.entries.length);
  });

  it('applies each migration once when two instances start at the same moment', async () => {
    const url = await emptyDatabase();
    await Promise.all([runMigrations(instancePool(url, 'a')), runMigrations(instancePool(url, 'b'))]);
    const observer = instancePool(url, 'observer');
    expect(await applied(observer)).toBe(journal.entries.length);
    expect(await lockHolders(observer)).toEqual([]);
  });
});
