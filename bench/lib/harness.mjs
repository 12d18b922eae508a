/** What the benchmarks share: free ports, the api started as its own process, percentiles. */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The p-th percentile (0-100) of `values`, rounded to a whole number; null when there are none. */
export function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
}

/** A TCP port nothing listens on right now. */
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
 * Starts `apps/api/src/server.ts` as its own process on free ports with a fresh data folder (embedded
 * PostgreSQL and MQTT broker), waits until `/api/ready` answers, and answers its addresses, the
 * database's connection string and `stop()` (which also removes the data folder). `nodeArgs` go to
 * node before the script (`--cpu-prof`...).
 */
export async function startApi({ env = {}, nodeArgs = [], stdout = 'ignore', readyTimeoutMs = 120_000 } = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sbo-bench-'));
  const [httpPort, pgPort, mqttPort] = [await freePort(), await freePort(), await freePort()];
  const base = `http://127.0.0.1:${httpPort}`;
  const api = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    stdio: ['ignore', stdout, 'inherit'],
    env: {
      ...process.env,
      PORT: String(httpPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      MQTT_PORT: String(mqttPort),
      MQTT_HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      ...env,
    },
  });
  const stop = async () => {
    if (api.exitCode === null && api.signalCode === null) {
      const exited = new Promise((resolve) => api.once('exit', resolve));
      api.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + readyTimeoutMs;
    while (
      !(await fetch(`${base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline || api.exitCode !== null) throw new Error('the api did not start');
      await sleep(200);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  // The embedded PostgreSQL's password is random per data folder (apps/api/src/db/embedded-password.ts).
  const password = encodeURIComponent(readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim());
  const databaseUrl = `postgres://postgres:${password}@127.0.0.1:${pgPort}/back_office`;
  return { api, base, httpPort, pgPort, mqttPort, dataDir, databaseUrl, stop };
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

/** CPU time (ms) and resident memory (MB) of a process, from /proc. */
export function processUsage(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rssMb: Math.round(rssKb / 1024), cpuMs: (ticks * 1000) / 100 };
}
