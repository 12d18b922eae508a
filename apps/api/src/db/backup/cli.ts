// `npm run backup -- <file>` and `npm run restore -- <file>` (scripts/backup.mjs runs this, built).
import { ConfigError, loadConfig, type Config } from '../../config';
import { openSourceDatabase } from './database';
import { BackupError } from './manifest';
import { restoreBackup } from './restore-backup';
import { takeBackup } from './take-backup';

const usage = 'usage: npm run backup -- <file>   |   npm run restore -- <file>';
const warn = (line: string) => console.error(line);
const seconds = (started: number) => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(2)} MB`;

async function backup(config: Config, file: string): Promise<void> {
  const started = Date.now();
  const database = await openSourceDatabase(config, warn);
  try {
    const done = await takeBackup({
      databaseUrl: database.url,
      database: database.kind,
      dataDir: config.DATA_DIR,
      file,
    });
    console.log(
      `Backed up ${done.tables} tables (${done.rows} rows) and ${done.files} DATA_DIR file(s) of the ${database.kind} database ` +
        `into ${done.file}: ${megabytes(done.bytes)} in ${seconds(started)}.`,
    );
  } finally {
    await database.close();
  }
}

async function restore(config: Config, file: string): Promise<void> {
  const started = Date.now();
  const done = await restoreBackup(config, file, warn);
  console.log(
    `Restored ${done.tables} tables (${done.rows} rows) and ${done.files} DATA_DIR file(s) into ${done.target} in ${seconds(started)}. ` +
      'Start the product on it (the start applies any later migrations).',
  );
}

async function main(): Promise<number> {
  const [command, file, ...rest] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file || rest.length > 0) {
    console.error(usage);
    return 64;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 78;
  }
  try {
    await (command === 'backup' ? backup(config, file) : restore(config, file));
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(error.message);
    return 1;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`The ${process.argv[2]} failed:`, error);
    process.exit(1);
  },
);
