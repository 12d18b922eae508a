// Starts the whole product on one port: embedded PostgreSQL, MQTT broker, sign-in service,
// the api serving the built web app (built here first if missing), and, when the demo was
// seeded, the simulated demo fleet as a separate MQTT client process (as real machines are).
// An api that dies unexpectedly is started again, with a growing pause (restart-policy.mjs); the
// simulator belongs to one api run (never two at once), and every child stops when this launcher does.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildApi, buildIsStale, builtServer } from '../apps/api/scripts/build.mjs';
import { letPostgresReach } from './postgres-access.mjs';
import { configErrorExitCode, createRestartBackoff, shouldRestart } from './restart-policy.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
letPostgresReach(root);
const webSource = path.join(root, 'apps', 'web', 'index.html');
const webDist = path.join(root, 'apps', 'web', 'dist', 'index.html');

if (existsSync(webSource) && !existsSync(webDist)) {
  console.log('Building the web app (first start only)...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The api runs built (apps/api/scripts/build.mjs): built again here when its source changed, in a second or two.
if (buildIsStale()) await buildApi();

const portIsFree = (port) =>
  new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '0.0.0.0', () => probe.close(() => resolve(true)));
  });

// The embedded broker takes 1883, or the next free port when a broker already runs there.
// `npm start` is the demo (docs/decisions.md, "Two ways to run"); a production start is `npm run serve`.
// Always the demo: an inherited MODE (Vitest sets MODE=test for what it runs) never turns it into another.
const env = { ...process.env, MODE: 'demo' };
if (!env.MQTT_URL && !env.MQTT_PORT) {
  let port = 1883;
  while (port < 1983 && !(await portIsFree(port))) port += 1;
  env.MQTT_PORT = String(port);
}

// `node --import tsx` rather than the tsx CLI: the CLI's signal relay kills a server that handles SIGTERM itself.
// Each child gets an IPC channel and stop-with-launcher.mjs: it stops once this launcher is gone, even by kill -9.
const stopWithLauncher = ['--import', pathToFileURL(path.join(root, 'scripts', 'stop-with-launcher.mjs')).href];
const withLauncher = ['--import', 'tsx', ...stopWithLauncher];
const childEnv = { ...env, SBO_LAUNCHER_PID: String(process.pid) };
const apiCommand = ['--enable-source-maps', ...stopWithLauncher, builtServer];
const backoff = createRestartBackoff();
/** The running api, and the demo fleet's simulator (at most one at any moment, of the running api). */
let api = null;
let simulator = null;
/** Cancels the pending start of the demo fleet of the api that runs (or ran) last. */
let fleetStart = null;
let stopping = false;
let restartTimer = null;

/** Starts the api; when it dies unexpectedly (crash, kill -9), it is started again after a backoff. */
function startApi() {
  const startedAt = Date.now();
  const run = spawn(process.execPath, apiCommand, {
    cwd: root,
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: childEnv,
  });
  api = run;
  const starting = new AbortController();
  fleetStart = starting;
  void startDemoFleet(starting.signal);
  run.on('exit', async (code, signal) => {
    starting.abort();
    api = null;
    // The demo fleet belongs to this api: it is gone before anything else happens, a new api included.
    await stopSimulator('SIGTERM');
    if (!shouldRestart({ code, signal, stopping })) {
      process.exit(code === configErrorExitCode ? 1 : (code ?? (signal ? 1 : 0)));
    }
    const delay = backoff.nextDelay(Date.now() - startedAt);
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    console.error(`start: the api (pid ${run.pid}) ${how}; starting it again in ${delay / 1000} s`);
    restartTimer = setTimeout(() => {
      restartTimer = null;
      startApi();
      console.error(`start: the api runs again (pid ${api.pid})`);
    }, delay);
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    fleetStart?.abort();
    if (api) {
      // The api's exit stops the simulator too, then ends the launcher.
      api.kill(signal);
      void stopSimulator(signal);
      return;
    }
    clearTimeout(restartTimer);
    void stopSimulator(signal).then(() => process.exit(0));
  });
}

/** Asks the simulator to stop, once, and resolves when it has exited (SIGKILL if that takes over 10 s). */
function stopSimulator(signal) {
  const running = simulator;
  if (!running) return Promise.resolve();
  running.stopped ??= new Promise((resolve) => {
    const force = setTimeout(() => running.child.kill('SIGKILL'), 10_000);
    running.exited.then(() => {
      clearTimeout(force);
      if (simulator === running) simulator = null;
      resolve();
    });
    running.child.kill(signal);
  });
  return running.stopped;
}

/** Once the api answers, the demo fleet the seed wrote into DATA_DIR starts sending live data. */
async function startDemoFleet(cancelled) {
  const fleetFile = path.resolve(root, env.DATA_DIR ?? 'data', 'demo-fleet.json');
  if (env.DEMO_SIMULATOR === 'false' || env.SEED_DEMO === 'false') return;
  const ready = `http://127.0.0.1:${env.PORT ?? 8080}/api/ready`;
  for (let waited = 0; waited < 180_000 && !cancelled.aborted; waited += 500) {
    const answered = await fetch(ready, { signal: cancelled }).then(
      (r) => r.ok,
      () => false,
    );
    if (answered) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // A simulator still stopping (of an api that ran before) is waited for: never two at once.
  while (simulator && !cancelled.aborted) await stopSimulator('SIGTERM');
  if (cancelled.aborted || !existsSync(fleetFile)) return;
  const url = env.MQTT_URL ?? `mqtt://127.0.0.1:${env.MQTT_PORT}`;
  const fleet = spawn(
    process.execPath,
    [
      ...withLauncher,
      path.join(root, 'apps', 'simulator', 'src', 'cli.ts'),
      ...['--fleet', fleetFile, '--url', url, '--stats', '0'],
      // Ten times real life, so a wash cycle visibly moves through its stages within minutes.
      ...['--time-scale', env.DEMO_TIME_SCALE ?? '10'],
      // One paid start in ten is refused or goes unanswered, so the demo shows automatic refunds.
      ...['--paid-failure-rate', env.DEMO_PAID_FAILURE_RATE ?? '0.1'],
      // A fifth of the sales at machines with a card reader are paid by tapping a demo card.
      ...['--card-share', env.DEMO_CARD_SHARE ?? '0.2'],
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env: childEnv },
  );
  simulator = { child: fleet, exited: new Promise((resolve) => fleet.once('exit', resolve)), stopped: null };
}

startApi();
