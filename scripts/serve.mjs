// The production start (`npm run serve`): the built api alone (apps/api/dist/server.mjs), serving the built web app (built here first
// if missing), with MODE=production unless MODE says otherwise: no demo data, no sandbox providers, no
// simulated fleet. It does not restart the api when it dies: run it under a supervisor (systemd, a
// container's restart policy) that does. docs/decisions.md, "Two ways to run".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApi, buildIsStale, builtServer } from '../apps/api/scripts/build.mjs';
import { letPostgresReach } from './postgres-access.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
letPostgresReach(root);

if (!process.env.WEB_DIST && !existsSync(path.join(root, 'apps', 'web', 'dist', 'index.html'))) {
  console.log('Building the web app (first start only)...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Production unless MODE=demo is asked for; any other inherited MODE (Vitest's MODE=test) is not a mode here.
const env = { ...process.env, MODE: process.env.MODE === 'demo' ? 'demo' : 'production' };
// The api built (`npm run build` does it ahead; built here when missing or older than its source), run by
// plain node: no TypeScript compiler at run time.
if (buildIsStale()) await buildApi();
const api = spawn(process.execPath, ['--enable-source-maps', builtServer], {
  cwd: root,
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
// The api's own exit code (78: a bad setting) is the start's.
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
