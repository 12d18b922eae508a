import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../../config';
import { startEmbeddedDatabase } from '../embedded';
import { passwordFileName } from '../embedded-password';
import { BackupError } from './manifest';

export type OpenDatabase = { url: string; kind: 'embedded' | 'external'; close(): Promise<void> };

/** host:port/database, never the password. */
export function describeDatabase(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The database a backup reads: DATABASE_URL's, or the embedded one in DATA_DIR: through the server
 * the running product started (its port in PostgreSQL's lock file), or, with the product stopped,
 * a server started for the backup and stopped after it.
 */
export async function openSourceDatabase(config: Config, warn: (line: string) => void): Promise<OpenDatabase> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, kind: 'external', close: async () => undefined };
  const dataDir = path.resolve(config.DATA_DIR);
  const databaseDir = path.join(dataDir, 'postgres');
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    throw new BackupError(
      `There is no embedded database in ${dataDir}: set DATA_DIR to the product's data folder (or DATABASE_URL to its external database).`,
    );
  }
  const password = (await readFile(path.join(dataDir, passwordFileName), 'utf8')).trim();
  const lock = await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8').catch(() => null);
  const port = Number(lock?.split('\n')[3]);
  if (Number.isInteger(port) && port > 0) {
    const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/back_office`;
    if (await answers(url)) return { url, kind: 'embedded', close: async () => undefined };
  }
  warn(`The product is not running on ${dataDir}: starting its embedded PostgreSQL for the backup.`);
  const embedded = await startEmbeddedDatabase({
    dataDir,
    preferredPort: config.EMBEDDED_PG_PORT,
    sharedBuffersMb: config.EMBEDDED_PG_SHARED_BUFFERS_MB,
    warn,
  });
  return { url: embedded.url, kind: 'embedded', close: () => embedded.stop() };
}
