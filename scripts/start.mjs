// Starts the whole product on one port: embedded PostgreSQL, MQTT broker, sign-in service,
// the api serving the built web app (built here first if missing).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const webSource = path.join(root, 'apps', 'web', 'index.html');
const webDist = path.join(root, 'apps', 'web', 'dist', 'index.html');

if (existsSync(webSource) && !existsSync(webDist)) {
  console.log('Building the web app (first start only)...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// `node --import tsx` rather than the tsx CLI: the CLI's signal relay kills a server that handles SIGTERM itself.
const api = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps', 'api', 'src', 'server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
