// `npm run backup -- <file>` / `npm run restore -- <file>`: the api's backup command, built (apps/api/scripts/build.mjs),
// on the same settings as the product (DATA_DIR, or DATABASE_URL for an external PostgreSQL). README, "Backup".
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApi, buildIsStale, builtBackupCommand } from '../apps/api/scripts/build.mjs';
import { letPostgresReach } from './postgres-access.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
letPostgresReach(root);
if (buildIsStale()) await buildApi();
// npm runs scripts from the repository's root (where DATA_DIR's default, ./data, is); the file is where it was typed.
const [action, file, ...rest] = process.argv.slice(2);
const typedIn = process.env.INIT_CWD ?? process.cwd();
const args = [action, ...(file === undefined ? [] : [path.resolve(typedIn, file)]), ...rest].filter(Boolean);
const command = spawn(process.execPath, ['--enable-source-maps', builtBackupCommand, ...args], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => command.kill(signal));
command.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
