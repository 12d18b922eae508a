import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
// The sign-in schema alone: the package's index would load the OIDC provider, which a restore does not need.
import { createSsoSchema } from '@sbo/sso/migrate';
import { migrationLockKey } from '../client';
import { productTables, referencedFirst } from './catalog';
import type { CheckedArchive } from './check-archive';
import { BackupError, quoteName } from './manifest';
import { readEntry } from './tar-file';

/**
 * Fills an empty database from a checked backup in one transaction, so a failure leaves it as it was:
 * this version's migrations up to the backup's (recorded as drizzle records them, so a start applies
 * only later ones), the sign-in schema, then every table by COPY with its triggers off (the rows
 * already hold what the ledger and roll-up triggers computed), referenced tables first, and the
 * sequences where they stood.
 */
export async function loadBackup(client: pg.ClientBase, archive: CheckedArchive): Promise<number> {
  const { manifest } = archive;
  await client.query('begin');
  try {
    await client.query(`select pg_advisory_xact_lock(${migrationLockKey})`);
    // The same bookkeeping as drizzle-orm's migrator (pg-core dialect), whose own transaction cannot nest in this one.
    await client.query('create schema if not exists drizzle');
    await client.query(
      'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
    );
    for (const migration of archive.migrations) {
      for (const statement of migration.sql) if (statement.trim()) await client.query(statement);
      await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
        migration.hash,
        migration.folderMillis,
      ]);
    }
    if (manifest.signInSchema) await createSsoSchema(client);

    const present = new Map((await productTables(client)).map((t) => [`${t.schema}.${t.name}`, t]));
    for (const table of manifest.tables) {
      const target = present.get(`${table.schema}.${table.name}`);
      const missing = target ? table.columns.filter((c) => !target.columns.includes(c)) : [];
      if (!target || missing.length > 0) {
        throw new BackupError(
          `The backup's ${table.schema}.${table.name}${missing.length ? ` (${missing.join(', ')})` : ''} is not in this version's schema.`,
        );
      }
    }
    const tables = await referencedFirst(client, manifest.tables);
    for (const table of tables)
      await client.query(`alter table ${quoteName(table.schema, table.name)} disable trigger user`);
    let rows = 0;
    for (const table of tables) {
      const name = quoteName(table.schema, table.name);
      const copy = client.query(
        copyFrom(`copy ${name} (${table.columns.map((c) => quoteName(c)).join(', ')}) from stdin`),
      );
      try {
        await pipeline(readEntry(archive.file, archive.entries.get(table.entry)!), createGunzip(), copy);
      } catch (error) {
        throw new BackupError(`Restoring ${table.schema}.${table.name} failed: ${(error as Error).message}`);
      }
      if (copy.rowCount !== table.rows) {
        throw new BackupError(
          `${table.schema}.${table.name}: ${copy.rowCount} rows read, the manifest says ${table.rows}.`,
        );
      }
      rows += copy.rowCount;
    }
    for (const sequence of manifest.sequences) {
      if (sequence.lastValue === null) continue;
      await client.query('select setval($1::regclass, $2::bigint, true)', [
        quoteName(sequence.schema, sequence.name),
        sequence.lastValue,
      ]);
    }
    for (const table of tables)
      await client.query(`alter table ${quoteName(table.schema, table.name)} enable trigger user`);
    await client.query('commit');
    return rows;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}
