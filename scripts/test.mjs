// The README's test command: type-check, lint, build the web app, then every Vitest project
// (unit, api integration against real PostgreSQL, browser tests in real Chromium).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { letPostgresReach } from './postgres-access.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
letPostgresReach(root);
const run = (command, args, options = {}) => {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

// Chromium, and fonts for every language the product speaks (CJK and Thai).
const hasBrowser = [
  '/usr/bin/chromium',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf',
].every((file) => existsSync(file));
if (!hasBrowser && existsSync(path.join(root, 'e2e'))) {
  run('sh', [
    '-c',
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk fonts-noto-core',
  ]);
}
for (const project of [
  'packages/contracts',
  'packages/sso',
  'apps/api',
  'apps/sso',
  'apps/simulator',
  'apps/web',
  'e2e',
]) {
  if (existsSync(path.join(root, project, 'tsconfig.json'))) run('npx', ['tsc', '-p', project]);
}
run('npx', ['eslint', '.', '--max-warnings=0']);
if (existsSync(path.join(root, 'apps', 'web', 'index.html'))) run('npm', ['run', 'build', '-w', 'apps/web']);
run('npx', ['vitest', 'run', ...process.argv.slice(2)]);
