import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { migrationLockKey } from '../client';
import {
  BackupError,
  dataDirFiles,
  formatName,
  formatVersion,
  manifestDigestEntry,
  manifestEntry,
  productSchemas,
  quoteName,
  type Manifest,
} from './manifest';
import { productTables } from './catalog';
import { TarWriter } from './tar-file';

export type BackupSummary = { file: string; bytes: number; tables: number; rows: number; files: number };

/**
 * Backs up the product's database and DATA_DIR files into `file`, while the product runs: one
 * read-only REPEATABLE READ transaction gives every table as of one moment (what was committed
 * when it began), copied out with COPY; no migration can run meanwhile (the migrations' lock,
 * taken shared). The archive is written beside `file` and renamed into place once complete.
 */
export async function takeBackup(options: {
  databaseUrl: string;
  database: 'embedded' | 'external';
  dataDir: string;
  file: string;
}): Promise<BackupSummary> {
  const file = path.resolve(options.file);
  if (existsSync(file)) throw new BackupError(`${file} exists already: give the backup a new file name.`);
  if (!existsSync(path.dirname(file))) throw new BackupError(`The folder ${path.dirname(file)} does not exist.`);
  const partial = `${file}.partial-${process.pid}`;
  const client = new pg.Client({ connectionString: options.databaseUrl, application_name: 'sbo-backup' });
  await client.connect();
  let writer: TarWriter | null = null;
  try {
    await client.query(`select pg_advisory_lock_shared(${migrationLockKey})`);
    await client.query('begin isolation level repeatable read read only');
    const migrationsTable = await client.query(`select to_regclass('drizzle.__drizzle_migrations') as found`);
    if (!migrationsTable.rows[0]?.found) {
      throw new BackupError(
        `${new URL(options.databaseUrl).pathname.slice(1)} holds no product database (no migrations).`,
      );
    }
    const migrations = await client.query<{ createdAt: string; hash: string }>(
      'select created_at::text as "createdAt", hash from drizzle.__drizzle_migrations order by created_at',
    );
    const tables = await productTables(client);
    if (tables.length > 0) {
      await client.query(
        `lock table ${tables.map((t) => quoteName(t.schema, t.name)).join(', ')} in access share mode`,
      );
    }
    const sequences = await client.query<{ schema: string; name: string; lastValue: string | null }>(
      `select schemaname as schema, sequencename as name, last_value::text as "lastValue"
         from pg_sequences where schemaname = any($1) order by 1, 2`,
      [productSchemas],
    );
    const version = await client.query<{ version: string }>('select version()');

    writer = await TarWriter.create(partial);
    const manifest: Manifest = {
      format: formatName,
      formatVersion,
      createdAt: new Date().toISOString(),
      source: { database: options.database, serverVersion: version.rows[0]!.version },
      migrations: migrations.rows.map((m) => ({ createdAt: Number(m.createdAt), hash: m.hash })),
      signInSchema: tables.some((t) => t.schema === 'sso'),
      tables: [],
      sequences: sequences.rows,
      files: [],
    };
    for (const table of tables) {
      const columns = table.columns.map((c) => quoteName(c)).join(', ');
      const source = table.partitioned
        ? `(select ${columns} from ${quoteName(table.schema, table.name)})`
        : `${quoteName(table.schema, table.name)} (${columns})`;
      const stream = client.query(copyTo(`copy ${source} to stdout`));
      const written = await writer.addCompressed(`tables/${table.schema}.${table.name}.copy.gz`, stream);
      manifest.tables.push({
        schema: table.schema,
        name: table.name,
        columns: table.columns,
        rows: stream.rowCount,
        entry: written.name,
        bytes: written.bytes,
        sha256: written.sha256,
      });
    }
    await client.query('commit');
    for (const name of dataDirFiles) {
      const content = await readFile(path.join(options.dataDir, name)).catch(() => null);
      if (!content) continue;
      const written = await writer.addBuffer(`files/${name}`, content);
      manifest.files.push({ name, entry: written.name, bytes: written.bytes, sha256: written.sha256 });
    }
    const manifestText = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await writer.addBuffer(manifestEntry, manifestText);
    await writer.addBuffer(
      manifestDigestEntry,
      Buffer.from(`${createHash('sha256').update(manifestText).digest('hex')}\n`),
    );
    const bytes = await writer.finish();
    writer = null;
    await rename(partial, file);
    return {
      file,
      bytes,
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((sum, t) => sum + t.rows, 0),
      files: manifest.files.length,
    };
  } finally {
    await writer?.abandon();
    await rm(partial, { force: true });
    await client.end().catch(() => undefined);
  }
}
