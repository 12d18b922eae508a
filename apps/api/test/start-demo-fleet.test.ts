import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, isRunning, spawnNode, waitUntilReady, type RunningProcess } from './helpers/api-process';
import { freePort } from './helpers/free-port';

type ProcessEntry = { pid: number; ppid: number; args: string[] };

/** Every live process, from /proc (zombies left out). */
function processes(): ProcessEntry[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (state === 'Z') return [];
        const args = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').filter(Boolean);
        return [{ pid: Number(name), ppid: Number(ppid), args }];
      } catch {
        return [];
      }
    });
}

/** The simulators driving this data folder's demo fleet, whoever started them. */
const simulatorsOf = (dataDir: string) =>
  processes().filter(
    ({ args }) =>
      args.some((arg) => arg.endsWith(path.join('apps', 'simulator', 'src', 'cli.ts'))) &&
      args.includes(path.join(dataDir, 'demo-fleet.json')),
  );
const apisOf = (launcher: RunningProcess) =>
  processes().filter(
    ({ ppid, args }) =>
      ppid === launcher.child.pid && args.some((arg) => arg.endsWith(path.join('apps', 'api', 'dist', 'server.mjs'))),
  );
const postgresOf = (dataDir: string) =>
  Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

async function waitUntil(condition: () => boolean, what: string, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not so within ${ms / 1000} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One scrape of the api's /metrics, parsed by a Prometheus text-format parser: each family's samples. */
async function scrape(metricsPort: number) {
  const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  const text = await response.text();
  const families = new Map(parsePrometheusTextFormat(text).map((family) => [family.name, family.metrics]));
  return Object.assign(families, { text });
}
type Scrape = Awaited<ReturnType<typeof scrape>>;
/** The sum of a family's sample values whose labels include `labels`. */
const total = (scraped: Scrape, name: string, labels: Record<string, string> = {}) =>
  (scraped.get(name) ?? [])
    .filter((sample) => Object.entries(labels).every(([key, value]) => sample.labels?.[key] === value))
    .reduce((sum, sample) => sum + Number(sample.value ?? 0), 0);

const launchers: RunningProcess[] = [];
let dataDir = '';

/** Stops what an earlier test left running (it failed half-way), so the data folder is free again. */
async function stopLeftovers(): Promise<void> {
  for (const launcher of launchers) {
    if (launcher.child.exitCode !== null || launcher.child.signalCode !== null) continue;
    launcher.child.kill('SIGTERM');
    await exited(launcher.child);
  }
  if (dataDir) await waitUntil(() => simulatorsOf(dataDir).length === 0, 'leftover simulators have exited');
}

afterAll(async () => {
  await stopLeftovers();
  if (dataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 10 });
});

/** `npm start`'s launcher on this test's settings; the first start seeds the demo (minutes on a busy machine). */
async function startLauncher(env: Record<string, string>, port: number): Promise<RunningProcess> {
  const launcher = spawnNode(['scripts/start.mjs'], env);
  launchers.push(launcher);
  await waitUntilReady(launcher, port, 480_000);
  return launcher;
}

describe('scripts/start.mjs and the demo simulator', () => {
  let env: Record<string, string>;
  let port: number;

  it('runs one simulator through api restarts, and stops it with itself', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'start-fleet-test-'));
    port = await freePort();
    env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      MQTT_PORT: String(await freePort()),
      METRICS_PORT: String(await freePort()),
    };
    const launcher = await startLauncher(env, port);
    let most = 0;
    const simulators = () => {
      const running = simulatorsOf(dataDir);
      most = Math.max(most, running.length);
      return running;
    };
    await waitUntil(() => simulators().length === 1, 'the demo simulator runs', 300_000);

    // /metrics on its own port: every named series is there, and the demo's traffic moves them.
    const metricsPort = Number(env.METRICS_PORT);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).headers.get('content-type')).not.toContain('text/plain');
    const first = await scrape(metricsPort);
    for (const name of [
      'sbo_http_request_duration_seconds',
      'sbo_machines_connected',
      'sbo_reports_ingested_total',
      'sbo_reports_refused_total',
      'sbo_gateway_connects_total',
      'sbo_job_queue_depth',
      'sbo_job_queue_oldest_age_seconds',
      'sbo_payment_confirmations_total',
      'sbo_notification_deliveries_total',
      'sbo_jobs_finished_total',
      'sbo_db_pool_connections',
      'sbo_process_cpu_seconds_total',
    ]) {
      expect(first.has(name), name).toBe(true);
    }
    expect(total(first, 'sbo_db_pool_connections', { pool: 'api', state: 'total' })).toBeGreaterThan(0);
    await fetch(`http://127.0.0.1:${port}/api/ready`);
    // The web app's files, a route each, share one label: a new build adds no series.
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(await (await fetch(`http://127.0.0.1:${port}/index.html`)).text());
    expect(asset, 'index.html names a script under /assets/').not.toBeNull();
    expect((await fetch(`http://127.0.0.1:${port}${asset![1]}`)).status).toBe(200);
    let later = first;
    // The demo fleet moves the ingest, machine and connect figures.
    await expect
      .poll(
        async () => {
          later = await scrape(metricsPort);
          return (
            total(later, 'sbo_reports_ingested_total') > total(first, 'sbo_reports_ingested_total') &&
            total(later, 'sbo_machines_connected') > 0 &&
            total(later, 'sbo_gateway_connects_total', { outcome: 'admitted' }) > 1
          );
        },
        { timeout: 180_000, interval: 1_000 },
      )
      .toBe(true);
    // Every answer is timed, by its route's template. This parser keeps a histogram's buckets but not its
    // labels, so the one route's count is read from the text the parser accepted.
    const readyCount = (scraped: Scrape) =>
      Number(
        /sbo_http_request_duration_seconds_count\{method="GET",route="\/api\/ready",status="200"\} (\d+)/.exec(
          scraped.text,
        )?.[1] ?? 0,
      );
    expect(readyCount(later)).toBeGreaterThan(readyCount(first));
    expect(later.text).toMatch(
      /sbo_http_request_duration_seconds_count\{method="GET",route="static",status="200"\} [1-9]/,
    );
    expect(later.text).not.toMatch(/route="\/assets\//);

    for (let restart = 1; restart <= 3; restart += 1) {
      const [killed] = apisOf(launcher);
      const before = simulators()[0]!.pid;
      process.kill(killed!.pid, 'SIGKILL');
      // The new api's simulator runs once the api answers again, the one before it gone by then.
      await waitUntil(
        () => {
          const running = simulators();
          return running.length === 1 && running[0]!.pid !== before && apisOf(launcher)[0]?.pid !== killed!.pid;
        },
        `the simulator of the api started again (restart ${restart})`,
        300_000,
      );
    }
    expect(simulators()).toHaveLength(1);
    expect(most).toBe(1);

    const children = [...apisOf(launcher), ...simulators()].map(({ pid }) => pid);
    const postgres = postgresOf(dataDir);
    expect(children).toHaveLength(2);
    launcher.child.kill('SIGTERM');
    expect(await exited(launcher.child)).toEqual({ code: 0, signal: null });
    await waitUntil(
      () => children.every((pid) => !isRunning(pid)) && !isRunning(postgres) && simulators().length === 0,
      'the api, its database and the simulator have exited',
    );
  }, 1_200_000);

  it('stops the api and the simulator when the launcher is killed with SIGKILL', async () => {
    await stopLeftovers();
    const launcher = await startLauncher(env, port);
    await waitUntil(() => simulatorsOf(dataDir).length === 1, 'the demo simulator runs', 300_000);
    const children = [...apisOf(launcher), ...simulatorsOf(dataDir)].map(({ pid }) => pid);
    const postgres = postgresOf(dataDir);
    expect(children).toHaveLength(2);

    launcher.child.kill('SIGKILL');
    await exited(launcher.child);
    await waitUntil(
      () => children.every((pid) => !isRunning(pid)) && !isRunning(postgres),
      'the api, its database and the simulator have exited after their launcher',
    );
  }, 900_000);
});
