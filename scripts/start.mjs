// Starts the whole product on one port: embedded PostgreSQL, MQTT broker, sign-in service,
// the api serving the built web app (built here first if missing), and, when the demo was
// seeded, the simulated demo fleet as a separate MQTT client process (as real machines are).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { letPostgresReach } from './postgres-access.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
letPostgresReach(root);
const webSource = path.join(root, 'apps', 'web', 'index.html');
const webDist = path.join(root, 'apps', 'web', 'dist', 'index.html');

if (existsSync(webSource) && !existsSync(webDist)) {
  console.log('Building the web app (first start only)...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const portIsFree = (port) =>
  new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '0.0.0.0', () => probe.close(() => resolve(true)));
  });

// The embedded broker takes 1883, or the next free port when a broker already runs there.
const env = { ...process.env };
if (!env.MQTT_URL && !env.MQTT_PORT) {
  let port = 1883;
  while (port < 1983 && !(await portIsFree(port))) port += 1;
  env.MQTT_PORT = String(port);
}

// `node --import tsx` rather than the tsx CLI: the CLI's signal relay kills a server that handles SIGTERM itself.
const api = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps', 'api', 'src', 'server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env,
});
let simulator = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    simulator?.kill(signal);
    api.kill(signal);
  });
}
api.on('exit', (code, signal) => {
  simulator?.kill('SIGTERM');
  process.exit(code ?? (signal ? 1 : 0));
});

/** Once the api answers, the demo fleet the seed wrote into DATA_DIR starts sending live data. */
async function startDemoFleet() {
  const fleetFile = path.resolve(root, env.DATA_DIR ?? 'data', 'demo-fleet.json');
  if (env.DEMO_SIMULATOR === 'false' || env.SEED_DEMO === 'false') return;
  const ready = `http://127.0.0.1:${env.PORT ?? 8080}/api/ready`;
  for (let waited = 0; waited < 180_000; waited += 500) {
    if (api.exitCode !== null) return;
    if (
      await fetch(ready).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (!existsSync(fleetFile) || api.exitCode !== null) return;
  const url = env.MQTT_URL ?? `mqtt://127.0.0.1:${env.MQTT_PORT}`;
  simulator = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'apps', 'simulator', 'src', 'cli.ts'),
      ...['--fleet', fleetFile, '--url', url, '--stats', '0'],
      // Ten times real life, so a wash cycle visibly moves through its stages within minutes.
      ...['--time-scale', env.DEMO_TIME_SCALE ?? '10'],
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env },
  );
  simulator.on('exit', () => (simulator = null));
}
void startDemoFleet();
