import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDatabase, createPool, type Database } from '../../src/db/client';
import { manualClock } from '../../src/lib/clock';
import { createTokenService, type TokenService } from '../../src/modules/auth/token-service';
import { templateDatabase, withDatabase } from './postgres-server';

export const testJwtSecret = 'test-secret-that-is-long-enough-for-hs256-signing';

/** A fresh database copied from the migrated template; one per test file. */
export async function createTestDatabase(): Promise<string> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${templateDatabase}`);
  await admin.end();
  return withDatabase(adminUrl, name);
}

export type TestContext = {
  app: FastifyInstance;
  db: Database;
  pool: pg.Pool;
  clock: ReturnType<typeof manualClock>;
  tokens: TokenService;
  databaseUrl: string;
  close(): Promise<void>;
};

/** Builds the real app on its own database with a clock the test controls. */
export async function createTestApp(
  env: Record<string, string> = {},
  prepare?: (app: FastifyInstance) => void,
): Promise<TestContext> {
  const databaseUrl = await createTestDatabase();
  const pool = createPool(databaseUrl, 5);
  const clock = manualClock(new Date('2026-11-22T02:00:00Z'));
  const config = loadConfig({
    JWT_SECRET: testJwtSecret,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    PUBLIC_URL: 'http://127.0.0.1:9',
    ...env,
  });
  const app = await buildApp({ config, pool, clock });
  prepare?.(app);
  await app.ready();
  const db = createDatabase(pool);
  return {
    app,
    db,
    pool,
    clock,
    tokens: createTokenService(db, config.JWT_SECRET ?? testJwtSecret, clock),
    databaseUrl,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}
