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
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsx = `${root}node_modules/.bin/tsx`;

/** Runs the fleet for `durationSeconds` after every device connected; resolves to a summary. */
export const runDeviceFleet = async (options) => {
  const {
    url,
    devices = 2000,
    reportSeconds = 5,
    durationSeconds = 60,
    connectRate = 250,
    sampleSeconds = 5,
  } = options;
  const args = [
    'apps/simulator/src/cli.ts',
    '--url',
    url,
    '--heartbeat',
    String(reportSeconds),
    '--stats',
    String(sampleSeconds),
    '--connect-rate',
    String(connectRate),
    '--seed',
    'bench',
  ];
  if (options.fleet) args.push('--fleet', options.fleet);
  else
    args.push(
      '--devices',
      String(devices),
      ...(options.fleetKey ? ['--fleet-key', options.fleetKey] : []),
      ...(options.prefix ? ['--prefix', options.prefix] : []),
    );
  const child = spawn(tsx, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const samples = [];
  let measuringFrom = null;
  let connectedAt = null;
  const startedAt = Date.now();
  await new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => (measuringFrom ? resolve() : reject(new Error(`simulator exited early (${code})`))));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      const sample = JSON.parse(line);
      options.onSample?.(sample);
      if (!measuringFrom && sample.connected >= sample.devices) {
        measuringFrom = sample;
        connectedAt = Date.now();
        setTimeout(() => child.kill('SIGINT'), durationSeconds * 1000);
      } else if (measuringFrom) samples.push(sample);
    });
  });
  const last = samples.at(-1) ?? measuringFrom;
  const seconds = Math.max(1, last.uptimeSeconds - measuringFrom.uptimeSeconds);
  const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? null;
  return {
    devices: last.devices,
    reportSeconds,
    secondsToConnectAll: Math.round((connectedAt - startedAt) / 1000),
    measuredSeconds: seconds,
    publishedPerSecond: Math.round((last.published - measuringFrom.published) / seconds),
    acknowledgedPerSecond: Math.round((last.acknowledged - measuringFrom.acknowledged) / seconds),
    expectedReportsPerSecond: Math.round(last.devices / reportSeconds),
    failed: last.failed - measuringFrom.failed,
    reconnects: last.connects - measuringFrom.connects,
    pubackP50Ms: middle(samples.map((s) => s.ackP50Ms).filter((v) => v !== null)),
    pubackP99MsWorst: Math.max(...samples.map((s) => s.ackP99Ms ?? 0)),
    clientRssMbPeak: Math.max(...samples.map((s) => s.rssMb)),
    clientHeapMbPeak: Math.max(...samples.map((s) => s.heapMb)),
  };
};

const startEmbeddedBroker = () =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`${root}bench/device-broker.mjs`, '--port', '0'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines = [];
    child.on('error', reject);
    createInterface({ input: child.stdout }).on('line', (line) => {
      const value = JSON.parse(line);
      if (value.port) resolve({ url: `mqtt://127.0.0.1:${value.port}`, lines, stop: () => child.kill('SIGTERM') });
      else lines.push(value);
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
  const broker = values['embedded-broker'] ? await startEmbeddedBroker() : null;
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
