import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import { migrationsFolder } from '../client';
import { BackupError, formatName, manifestDigestEntry, manifestEntry, manifestSchema, type Manifest } from './manifest';
import { ArchiveFormatError, entryDigest, listTarEntries, readEntryBuffer, type TarEntry } from './tar-file';

export type CheckedArchive = {
  file: string;
  manifest: Manifest;
  entries: Map<string, TarEntry>;
  /** This version's migrations up to the backup's schema, which a restore applies before the data. */
  migrations: MigrationMeta[];
};

/**
 * Reads a backup and checks all of it before anything is touched: its manifest, every entry against
 * the manifest's size and SHA-256, and that this version of the product knows its schema.
 */
export async function checkArchive(file: string): Promise<CheckedArchive> {
  const found = await stat(file).catch(() => null);
  if (!found) throw new BackupError(`${file} does not exist.`);
  if (!found.isFile()) throw new BackupError(`${file} is not a file.`);
  const damaged = (why: string) => new BackupError(`${file} is not a usable backup: ${why}. Nothing was changed.`);
  let entries: Map<string, TarEntry>;
  try {
    entries = new Map((await listTarEntries(file)).map((entry) => [entry.name, entry]));
  } catch (error) {
    if (error instanceof ArchiveFormatError) throw damaged(error.message);
    throw error;
  }
  const manifestAt = entries.get(manifestEntry);
  const digestAt = entries.get(manifestDigestEntry);
  if (!manifestAt || !digestAt) throw damaged('it has no manifest (is it a backup of this product?)');
  const manifestBytes = await readEntryBuffer(file, manifestAt);
  const digest = (await readEntryBuffer(file, digestAt)).toString('utf8').trim();
  if (createHash('sha256').update(manifestBytes).digest('hex') !== digest) throw damaged('its manifest is damaged');
  let parsed: unknown;
  try {
    parsed = JSON.parse(manifestBytes.toString('utf8'));
  } catch {
    throw damaged('its manifest is not JSON');
  }
  const format = (parsed as { format?: unknown; formatVersion?: unknown } | null) ?? {};
  if (format.format === formatName && format.formatVersion !== 1) {
    throw new BackupError(
      `${file} is in backup format ${String(format.formatVersion)}, which this version does not read: restore it with a later version.`,
    );
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) throw damaged('its manifest is not one this product writes');
  const manifest = result.data;
  for (const item of [...manifest.tables, ...manifest.files]) {
    const entry = entries.get(item.entry);
    if (!entry) throw damaged(`${item.entry} is missing`);
    if (entry.size !== item.bytes || (await entryDigest(file, entry)) !== item.sha256) {
      throw damaged(`${item.entry} does not match its checksum`);
    }
  }
  return { file, manifest, entries, migrations: migrationsUpTo(manifest, file) };
}

/** This version's migrations as far as the backup's database had gone; a backup from further on is refused. */
function migrationsUpTo(manifest: Manifest, file: string): MigrationMeta[] {
  const known = readMigrationFiles({ migrationsFolder });
  const backedUp = manifest.migrations;
  const newer = backedUp.length > known.length || backedUp.some((m, i) => known[i]?.folderMillis !== m.createdAt);
  if (newer) {
    throw new BackupError(
      `${file} was made by a newer version of the product (its database has ${backedUp.length} migrations, ` +
        `this version knows ${known.length} and not all of its ones): restore it with that version or a later one. Nothing was changed.`,
    );
  }
  return known.slice(0, backedUp.length);
}
