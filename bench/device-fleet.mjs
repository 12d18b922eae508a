#!/usr/bin/env node
/**
 * Device side of the gateway benchmark: connects N simulated devices (default 2,000, each
 * reporting every 5 s) to a broker and prints the publish rate achieved, PUBACK latency and the
 * simulator process's memory. The fleet runs as its own process (the simulator CLI), as real
 * machines are separate clients, so its memory is measured alone.
 *
 *   node bench/device-fleet.mjs --url mqtt://localhost:1883 [--devices 2000] [--report-seconds 5]
 *        [--duration 60] [--fleet fleet.json | --fleet-key key --prefix SIM] [--json]
 *   node bench/device-fleet.mjs --embedded-broker     # a bare Aedes in a child process, no api
 *
 * Reuse from the api-side benchmark: `import { runDeviceFleet } from './device-fleet.mjs'`,
 * start the api, register the fleet's hwids and secrets, then await runDeviceFleet({ url, ... }).
 * Every state report carries `sentAt`, so the api side can measure report-to-database latency.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Starts the simulator fleet in `processes` processes (a `fleet` file is split between them; one
 * process runs a generated fleet), as real machines are separate clients: a single process for
 * 10,000 clients gets one core and pauses for its own garbage collection. `onSample` sees the
 * fleet's counters (summed over the processes) every `sampleSeconds`. `until(test, timeoutMs)`
 * resolves with the first sample passing `test` (null on timeout or exit); `stop()` takes the
 * fleet offline cleanly (SIGINT) and waits for the processes.
 */
export const startDeviceFleet = (options) => {
  const { url, devices = 2000, reportSeconds = 5, connectRate = 250, sampleSeconds = 5 } = options;
  const common = [
    'apps/simulator/src/cli.ts',
    ...['--url', url, '--heartbeat', String(reportSeconds), '--stats', String(sampleSeconds), '--seed', 'bench'],
    ...(options.customers !== undefined ? ['--customers', String(options.customers)] : []),
  ];
  const parts = [];
  if (options.fleet) {
    const all = JSON.parse(readFileSync(options.fleet, 'utf8'));
    const count = Math.max(1, Math.min(options.processes ?? 1, all.length));
    for (let i = 0; i < count; i += 1) {
      const file = `${options.fleet}.${i}.json`;
      writeFileSync(file, JSON.stringify(all.filter((_, index) => index % count === i)));
      parts.push([...common, '--connect-rate', String(Math.ceil(connectRate / count)), '--fleet', file]);
    }
  } else {
    parts.push([
      ...common,
      ...['--connect-rate', String(connectRate), '--devices', String(devices)],
      ...(options.fleetKey ? ['--fleet-key', options.fleetKey] : []),
      ...(options.prefix ? ['--prefix', options.prefix] : []),
    ]);
  }
  // Each a single process (no tsx launcher in between), so stop() can kill it if it hangs.
  const children = parts.map((args) =>
    spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] }),
  );
  const startedAt = Date.now();
  const waiters = new Set();
  const lastOf = new Array(children.length).fill(null);
  let latest = null;
  let connectingFrom = null;
  const exited = Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve))));
  for (const child of children) {
    child.once('exit', () => {
      for (const waiter of waiters) waiter(null);
    });
  }
  const sum = (key) => lastOf.reduce((total, s) => total + (s?.[key] ?? 0), 0);
  const most = (key) => Math.max(0, ...lastOf.map((s) => s?.[key] ?? 0));
  children.forEach((child, index) =>
    createInterface({ input: child.stdout }).on('line', (line) => {
      // The simulator's first line: its machines start connecting (the process has loaded).
      if (line.startsWith('[simulator]') && line.includes(' devices -> ')) connectingFrom ??= Date.now();
      if (!line.startsWith('{')) return;
      lastOf[index] = JSON.parse(line);
      if (lastOf.some((s) => s === null)) return;
      latest = {
        ...Object.fromEntries(Object.keys(lastOf[0]).map((key) => [key, sum(key)])),
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        ackP50Ms: most('ackP50Ms'),
        ackP99Ms: most('ackP99Ms'),
        at: new Date().toISOString(),
        receivedAt: Date.now(),
      };
      options.onSample?.(latest);
      for (const waiter of waiters) waiter(latest);
    }),
  );
  return {
    startedAt,
    /** The simulator processes (for their CPU and memory). */
    pids: children.map((child) => child.pid),
    /** When the first simulator process began connecting its machines (null before). */
    connectingFrom: () => connectingFrom,
    latest: () => latest,
    until(test, timeoutMs) {
      return new Promise((resolve) => {
        const timer = setTimeout(() => finish(null), timeoutMs);
        const finish = (value) => {
          clearTimeout(timer);
          waiters.delete(check);
          resolve(value);
        };
        const check = (sample) => (sample === null ? finish(null) : test(sample) && finish(sample));
        waiters.add(check);
        if (latest && test(latest)) finish(latest);
      });
    },
    /** Clean shutdown (SIGINT: each device says it goes offline); killed if it takes over `graceMs`. */
    async stop(graceMs = 15_000) {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      const timer = setTimeout(() => children.forEach((child) => child.kill('SIGKILL')), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
};

/** Runs the fleet for `durationSeconds` after every device connected; resolves to a summary. */
export const runDeviceFleet = async (options) => {
  const { reportSeconds = 5, durationSeconds = 60 } = options;
  const samples = [];
  let measuringFrom = null;
  const fleet = startDeviceFleet({
    ...options,
    onSample: (sample) => {
      options.onSample?.(sample);
      if (measuringFrom) samples.push(sample);
    },
  });
  measuringFrom = await fleet.until((s) => s.connected >= s.devices, 24 * 3_600_000);
  if (!measuringFrom) throw new Error('simulator exited early');
  const connectedAt = Date.now();
  await new Promise((resolve) => setTimeout(resolve, durationSeconds * 1000));
  await fleet.stop();
  return summarize(samples, measuringFrom, {
    reportSeconds,
    secondsToConnectAll: (connectedAt - fleet.startedAt) / 1000,
  });
};

/** Publish rate, PUBACK latency and memory of a fleet between two of its stats samples. */
export const summarize = (samples, from, { reportSeconds, secondsToConnectAll }) => {
  const last = samples.at(-1) ?? from;
  const seconds = Math.max(1, last.uptimeSeconds - from.uptimeSeconds);
  const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? null;
  return {
    devices: last.devices,
    reportSeconds,
    secondsToConnectAll: Math.round(secondsToConnectAll),
    measuredSeconds: seconds,
    publishedPerSecond: Math.round((last.published - from.published) / seconds),
    acknowledgedPerSecond: Math.round((last.acknowledged - from.acknowledged) / seconds),
    expectedReportsPerSecond: Math.round(last.devices / reportSeconds),
    failed: last.failed - from.failed,
    reconnects: last.connects - from.connects,
    pubackP50Ms: middle(samples.map((s) => s.ackP50Ms).filter((v) => v !== null)),
    pubackP99MsWorst: Math.max(0, ...samples.map((s) => s.ackP99Ms ?? 0)),
    clientRssMbPeak: Math.max(0, ...samples.map((s) => s.rssMb)),
    clientHeapMbPeak: Math.max(0, ...samples.map((s) => s.heapMb)),
  };
};

/** A bare Aedes (no auth, no database) in a child process, printing what it receives every `every` s. */
export const startBareBroker = ({ every = 5 } = {}) =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', `${root}bench/device-broker.mjs`, '--port', '0', '--every', String(every)],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const lines = [];
    child.on('error', reject);
    createInterface({ input: child.stdout }).on('line', (line) => {
      const value = JSON.parse(line);
      const stop = () => {
        const exited = new Promise((done) => child.once('exit', done));
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        return exited;
      };
      if (value.port) resolve({ url: `mqtt://127.0.0.1:${value.port}`, lines, pid: child.pid, stop });
      else lines.push({ ...value, receivedAt: Date.now() });
    });
  });

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      'embedded-broker': { type: 'boolean' },
      devices: { type: 'string', default: '2000' },
      'report-seconds': { type: 'string', default: '5' },
      duration: { type: 'string', default: '60' },
      'connect-rate': { type: 'string', default: '250' },
      fleet: { type: 'string' },
      'fleet-key': { type: 'string' },
      prefix: { type: 'string' },
      json: { type: 'boolean' },
    },
  });
  const broker = values['embedded-broker'] ? await startBareBroker() : null;
  const url = broker?.url ?? values.url ?? process.env.MQTT_URL ?? 'mqtt://localhost:1883';
  console.error(
    `device fleet -> ${url}: ${values.fleet ?? `${values.devices} devices`}, one report per ${values['report-seconds']} s, ${values.duration} s measured`,
  );
  const summary = await runDeviceFleet({
    url,
    devices: Number(values.devices),
    reportSeconds: Number(values['report-seconds']),
    durationSeconds: Number(values.duration),
    connectRate: Number(values['connect-rate']),
    fleet: values.fleet,
    fleetKey: values['fleet-key'],
    prefix: values.prefix,
    onSample: (s) =>
      console.error(
        `  ${s.uptimeSeconds}s connected ${s.connected}/${s.devices} published ${s.published} p99 ${s.ackP99Ms} ms rss ${s.rssMb} MB`,
      ),
  });
  if (broker) {
    const steady = broker.lines.filter((l) => l.clients >= summary.devices * 0.99);
    summary.brokerReceivedPerSecond = Math.round(
      steady.reduce((sum, l) => sum + l.receivedPerSecond, 0) / Math.max(1, steady.length),
    );
    summary.brokerRssMbPeak = Math.max(0, ...broker.lines.map((l) => l.rssMb));
    broker.stop();
  }
  if (values.json) console.log(JSON.stringify(summary));
  else for (const [key, value] of Object.entries(summary)) console.log(`${key.padEnd(26)} ${value}`);
}
