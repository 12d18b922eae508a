// Helpers shared by the benchmarks: the api on a fresh data folder (embedded PostgreSQL and MQTT
// broker), its database, device secrets hashed the api's way, a process's memory and CPU, percentiles.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Time a process's main thread (for Node, its event loop) has run and has waited for a core so
 * far (ms), from /proc/<pid>/schedstat: on a shared machine, the waiting share says how much of a
 * slow figure is the machine rather than the code.
 */
export function mainThreadTimes(pid) {
  const [runNs, waitNs] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').trim().split(' ').map(Number);
  return { runMs: runNs / 1e6, waitMs: waitNs / 1e6 };
}

/** Share (%) of [from, to] the main thread waited for a core while it had work: two mainThreadTimes readings. */
export function waitingShare(from, to) {
  const run = to.runMs - from.runMs;
  const wait = to.waitMs - from.waitMs;
  return run + wait > 0 ? Math.round((wait / (run + wait)) * 100) : null;
}

/** Resident memory (MB) and CPU time used so far (ms) of a process, from /proc. */
export function processUsage(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime: CPU in the process's own code and in the kernel on its behalf (its socket writes).
  const [user, system] = [Number(fields[11]), Number(fields[12])];
  return { rssKb, rssMb: Math.round(rssKb / 1024), cpuMs: ((user + system) * 1000) / 100, systemMs: system * 10 };
}

/**
 * The api (`apps/api/src/server.ts` under tsx) on a fresh data folder and free ports, no demo data.
 * `env` adds to or overrides the defaults; `onLine` sees every JSON log line on stdout (with
 * `stdout: 'pipe'`). `restart()` stops it (SIGTERM) and starts it again on the same folder and
 * ports, as an operator restarting the server would; `stop()` also removes the folder.
 */
export async function startApi({ env = {}, onLine, stdout = 'ignore', nodeArgs = [] } = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sbo-bench-'));
  const [httpPort, pgPort, mqttPort] = [await freePort(), await freePort(), await freePort()];
  const base = `http://127.0.0.1:${httpPort}`;
  const fullEnv = {
    MODE: 'demo',
    ...process.env,
    PORT: String(httpPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    MQTT_PORT: String(mqttPort),
    MQTT_HOST: '127.0.0.1',
    // A benchmark's clients all come from this one address.
    MQTT_CONNECTS_PER_ADDRESS: '0',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ...env,
  };
  const launch = () => {
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
      cwd: root,
      stdio: ['ignore', onLine ? 'pipe' : stdout, 'inherit'],
      env: fullEnv,
    });
    if (onLine) {
      createInterface({ input: child.stdout }).on('line', (line) => {
        if (line.startsWith('{')) onLine(JSON.parse(line));
      });
    }
    return child;
  };
  const api = {
    base,
    dataDir,
    httpPort,
    pgPort,
    mqttPort,
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    /** The embedded database's address (its password is made per data folder, once the api started). */
    get databaseUrl() {
      const password = encodeURIComponent(readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim());
      return `postgres://postgres:${password}@127.0.0.1:${pgPort}/back_office`;
    },
    process: launch(),
    async ready() {
      for (let i = 0; ; i += 1) {
        const ok = await fetch(`${base}/api/ready`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
        if (i > 1200 || api.process.exitCode !== null) {
          throw new Error(`the api did not start (exit code ${api.process.exitCode})`);
        }
        await sleep(100);
      }
    },
    async halt() {
      const child = api.process;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
    /** Stops and starts the api again; resolves to the milliseconds each took. */
    async restart() {
      const from = Date.now();
      await api.halt();
      const stoppedAt = Date.now();
      api.process = launch();
      await api.ready();
      return { stopMs: stoppedAt - from, startMs: Date.now() - stoppedAt };
    },
    async stop() {
      await api.halt();
      // The embedded PostgreSQL may still be closing its files a moment after the api exits.
      await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 300 }).catch((error) =>
        console.error(`could not remove ${dataDir}: ${error.message}`),
      );
    },
    /** A pg client on the api's embedded database (its password is made per data folder). */
    async connectDb() {
      const pg = (await import('pg')).default;
      const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
      const db = new pg.Client({
        host: '127.0.0.1',
        port: pgPort,
        user: 'postgres',
        password,
        database: 'back_office',
      });
      await db.connect();
      return db;
    },
  };
  try {
    await api.ready();
  } catch (error) {
    await api.stop();
    throw error;
  }
  return api;
}

/**
 * Hashes device secrets as the api stores them (`apps/api/src/lib/device-secret.ts`, under the
 * install's device-secret key). Needs tsx: run the benchmark with `node --import tsx`.
 */
export async function deviceSecretHasher(db) {
  const { deviceSecretKey, hashDeviceSecret } = await import('../../apps/api/src/lib/device-secret.ts');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const key = await deviceSecretKey(drizzle(db));
  return (secret) => hashDeviceSecret(key, secret);
}

/** Runs this script again under tsx (for the api's TypeScript helpers) unless it already is. */
export function underTsx(main) {
  if (process.execArgv.some((arg) => arg.includes('tsx'))) return main();
  const child = spawn(process.execPath, ['--import', 'tsx', ...process.argv.slice(1)], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 1));
  // A stop signal goes to the run under tsx, which cleans up what it started and then exits.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  return undefined;
}

/** CPU time (ms) of a process and its direct children (PostgreSQL's postmaster and backends), from /proc. */
export function treeCpuMs(pid) {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      if (Number(entry) === pid || Number(fields[1]) === pid)
        total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** The embedded PostgreSQL's postmaster process id, from its data folder. */
export function postmasterPid(dataDir) {
  return Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
}
