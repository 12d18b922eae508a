import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../../config';
import { startEmbeddedDatabase } from '../embedded';
import { firstProductRelation } from './catalog';
import { checkArchive, type CheckedArchive } from './check-archive';
import { describeDatabase } from './database';
import { loadBackup } from './load-data';
import { BackupError } from './manifest';
import { readEntryBuffer } from './tar-file';

export type RestoreSummary = { target: string; tables: number; rows: number; files: number };

/**
 * Restores a backup into an empty target: the database DATABASE_URL names (which must hold none of
 * the product's tables), or else a fresh DATA_DIR with its own embedded database, made beside it and
 * renamed into place once complete. The archive is checked whole first; a refusal changes nothing.
 */
export async function restoreBackup(
  config: Config,
  file: string,
  warn: (line: string) => void,
): Promise<RestoreSummary> {
  const archive = await checkArchive(path.resolve(file));
  const dataDir = path.resolve(config.DATA_DIR);
  const summary = (target: string, rows: number): RestoreSummary => ({
    target,
    tables: archive.manifest.tables.length,
    rows,
    files: archive.manifest.files.length,
  });
  if (config.DATABASE_URL) {
    await refuseOtherFiles(archive, dataDir);
    const client = new pg.Client({ connectionString: config.DATABASE_URL, application_name: 'sbo-restore' });
    await client.connect();
    try {
      const found = await firstProductRelation(client);
      if (found) {
        throw new BackupError(
          `The database ${describeDatabase(config.DATABASE_URL)} is not empty (it holds ${found}): restore only into an empty database (create a new one). Nothing was changed.`,
        );
      }
      const rows = await loadBackup(client, archive);
      await client.query('analyze');
      await writeFiles(archive, dataDir);
      return summary(describeDatabase(config.DATABASE_URL), rows);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  const existing = await readdir(dataDir).catch(() => null);
  if (existing && existing.length > 0) {
    throw new BackupError(
      `DATA_DIR ${dataDir} is not empty: restore into a new folder (set DATA_DIR to a path that does not exist yet). Nothing was changed.`,
    );
  }
  const staging = path.join(path.dirname(dataDir), `.${path.basename(dataDir)}.restoring-${process.pid}`);
  await mkdir(staging, { recursive: true });
  try {
    const embedded = await startEmbeddedDatabase({
      dataDir: staging,
      preferredPort: config.EMBEDDED_PG_PORT,
      sharedBuffersMb: config.EMBEDDED_PG_SHARED_BUFFERS_MB,
      warn,
    });
    let rows: number;
    try {
      const client = new pg.Client({ connectionString: embedded.url, application_name: 'sbo-restore' });
      await client.connect();
      try {
        rows = await loadBackup(client, archive);
        await client.query('analyze');
      } finally {
        await client.end().catch(() => undefined);
      }
    } finally {
      await embedded.stop();
    }
    await writeFiles(archive, staging);
    if (existing) await rmdir(dataDir);
    await rename(staging, dataDir);
    return summary(dataDir, rows);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** A DATA_DIR file the backup carries may already be there only with the same content. */
async function refuseOtherFiles(archive: CheckedArchive, dataDir: string): Promise<void> {
  for (const item of archive.manifest.files) {
    const target = path.join(dataDir, item.name);
    if (!existsSync(target)) continue;
    const wanted = await readEntryBuffer(archive.file, archive.entries.get(item.entry)!);
    if (!wanted.equals(await readFile(target))) {
      throw new BackupError(`${target} exists with other content: restore with a new DATA_DIR. Nothing was changed.`);
    }
  }
}

async function writeFiles(archive: CheckedArchive, dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  for (const item of archive.manifest.files) {
    const target = path.join(dataDir, item.name);
    await writeFile(target, await readEntryBuffer(archive.file, archive.entries.get(item.entry)!), { mode: 0o600 });
    await chmod(target, 0o600);
  }
}
