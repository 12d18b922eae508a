#!/usr/bin/env node
/**
 * Gateway ingestion benchmark: starts the api (embedded PostgreSQL and MQTT broker, fresh data
 * folder), registers and binds N controllers, runs the simulator fleet against it (2,000 devices
 * reporting every 5 s by default, via bench/device-fleet.mjs) and prints what the api ingested per
 * second, report-to-database latency (p50/p99, from each report's `sentAt` to the moment its row
 * was written) and the api process's memory and CPU.
 *
 *   node bench/device-ingest.mjs [--devices 2000] [--report-seconds 5] [--duration 60] [--json]
 */
import { spawn } from 'node:child_process';
import { randomBytes, createHmac } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort, percentile, processUsage } from './lib/harness.mjs';

// The api's own hashing (apps/api/src/lib/device-secret.ts) is TypeScript: run again under tsx.
if (!process.execArgv.some((arg) => arg.includes('tsx'))) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...process.argv.slice(1)], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 1));
} else {
  await main();
}

async function main() {
  const { values } = parseArgs({
    options: {
      devices: { type: 'string', default: '2000' },
      'report-seconds': { type: 'string', default: '5' },
      duration: { type: 'string', default: '60' },
      'connect-rate': { type: 'string', default: '250' },
      json: { type: 'boolean' },
    },
  });
  const root = fileURLToPath(new URL('..', import.meta.url));
  const { hashDeviceSecret } = await import('../apps/api/src/lib/device-secret.ts');
  const { runDeviceFleet } = await import('./device-fleet.mjs');
  const pg = (await import('pg')).default;
  const count = Number(values.devices);
  const say = (text) => console.error(text);

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sbo-bench-'));
  const [httpPort, pgPort, mqttPort] = [await freePort(), await freePort(), await freePort()];
  const api = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(httpPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${httpPort}`,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      MQTT_PORT: String(mqttPort),
      MQTT_HOST: '127.0.0.1',
      // The whole simulated fleet connects from this one address.
      MQTT_CONNECTS_PER_ADDRESS: '0',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      GATEWAY_STATS_SECONDS: '5',
    },
  });
  const stats = [];
  createInterface({ input: api.stdout }).on('line', (line) => {
    if (!line.startsWith('{')) return;
    const entry = JSON.parse(line);
    if (entry.msg === 'gateway stats') stats.push({ ...entry, at: Date.now() });
  });
  const stop = async () => {
    const exited = new Promise((resolve) => api.once('exit', resolve));
    api.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    for (
      let i = 0;
      !(await fetch(`http://127.0.0.1:${httpPort}/api/ready`).then(
        (r) => r.ok,
        () => false,
      ));
      i += 1
    ) {
      if (i > 600 || api.exitCode !== null) throw new Error('the api did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // The embedded database's password is made per install and kept in the data folder.
    const password = encodeURIComponent(readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim());
    const db = new pg.Client({ connectionString: `postgres://postgres:${password}@127.0.0.1:${pgPort}/back_office` });
    await db.connect();
    say(`registering ${count} controllers...`);
    const fleet = await register(db, count, hashDeviceSecret);
    const fleetFile = path.join(dataDir, 'bench-fleet.json');
    writeFileSync(fleetFile, JSON.stringify(fleet));

    const apiPid = api.pid;
    const latencies = { state: [], event: [] };
    const usage = [];
    let window = null;
    let printed = 0;
    let lastStored = new Date();
    const sampler = setInterval(async () => {
      const sampled = await sample(db, lastStored).catch(() => null);
      if (sampled && window) {
        latencies.state.push(...sampled.states);
        latencies.event.push(...sampled.events);
      }
      if (sampled) lastStored = sampled.until;
      usage.push({ at: Date.now(), ...processUsage(apiPid) });
    }, 1000);

    say(`fleet of ${count} devices, one report per ${values['report-seconds']} s, ${values.duration} s measured`);
    const fleetSummary = await runDeviceFleet({
      url: `mqtt://127.0.0.1:${mqttPort}`,
      fleet: fleetFile,
      reportSeconds: Number(values['report-seconds']),
      durationSeconds: Number(values.duration),
      connectRate: Number(values['connect-rate']),
      onSample: (s) => {
        if (!window && s.connected >= s.devices) window = { from: Date.now() };
        const recent = latencies.state.slice(printed);
        printed = latencies.state.length;
        say(
          `  ${s.uptimeSeconds}s connected ${s.connected}/${s.devices}, api rss ${usage.at(-1)?.rssMb ?? '?'} MB` +
            (recent.length ? `, report to db p50 ${percentile(recent, 50)} ms p99 ${percentile(recent, 99)} ms` : ''),
        );
      },
    });
    window.to = Date.now();
    clearInterval(sampler);
    await db.end();

    const inWindow = (entry) => entry.at > window.from + 5_000 && entry.at <= window.to;
    const steady = stats.filter(inWindow);
    const seconds = steady.reduce((sum, s) => sum + s.seconds, 0) || 1;
    const total = (key) => steady.reduce((sum, s) => sum + s[key], 0);
    const cpu = usage.filter(inWindow);
    const summary = {
      devices: count,
      reportSeconds: Number(values['report-seconds']),
      measuredSeconds: Math.round((window.to - window.from) / 1000),
      secondsToConnectAll: fleetSummary.secondsToConnectAll,
      devicesPublishedPerSecond: fleetSummary.publishedPerSecond,
      deviceReconnects: fleetSummary.reconnects,
      failedPublishes: fleetSummary.failed,
      ingestedPerSecond: Math.round((total('states') + total('events') + total('statuses') + total('acks')) / seconds),
      ingestedStatesPerSecond: Math.round(total('states') / seconds),
      ingestedEventsPerSecond: Math.round(total('events') / seconds),
      invalidMessages: total('invalid'),
      reportToDbP50Ms: percentile(latencies.state, 50),
      reportToDbP99Ms: percentile(latencies.state, 99),
      eventToDbP50Ms: percentile(latencies.event, 50),
      eventToDbP99Ms: percentile(latencies.event, 99),
      latencySamples: latencies.state.length,
      apiRssMbPeak: Math.max(...cpu.map((u) => u.rssMb)),
      apiRssMbEnd: cpu.at(-1)?.rssMb,
      apiCpuPercent:
        cpu.length > 1 ? Math.round(((cpu.at(-1).cpuMs - cpu[0].cpuMs) / (cpu.at(-1).at - cpu[0].at)) * 100) : null,
      cpus: os.cpus().length,
    };
    if (values.json) console.log(JSON.stringify(summary));
    else for (const [key, value] of Object.entries(summary)) console.log(`${key.padEnd(26)} ${value}`);
  } finally {
    await stop();
  }
}

/** A merchant with `count` cloud devices, each bound to registered hardware with a known secret. */
async function register(db, count, hashDeviceSecret) {
  const kinds = [
    ['washer', 'AB3'],
    ['washer', 'AB2'],
    ['washer', 'AY'],
    ['washer', 'AB3'],
    ['dryer', 'AB3'],
    ['dryer', 'AY'],
    ['washerDryer', 'AB3'],
    ['carWash', 'CW1'],
    ['vending', 'VM1'],
    ['waterStation', 'WS1'],
    ['coinChanger', 'MC1'],
  ];
  const machineType = { washer: 1, dryer: 2, washerDryer: 3, waterStation: 5, carWash: 6, coinChanger: 8, vending: 10 };
  const merchant = await db.query(
    `insert into merchants (company_name, country, currency, timezone) values ('Bench Laundry', 'TW', 'TWD', 'Asia/Taipei') returning id`,
  );
  const merchantId = merchant.rows[0].id;
  const key = randomBytes(16).toString('hex');
  const fleet = Array.from({ length: count }, (_, i) => {
    const [kind, model] = kinds[i % kinds.length];
    const hwid = `BENCH${String(i + 1).padStart(5, '0')}`;
    return { hwid, kind, model, secret: createHmac('sha256', key).update(hwid).digest('base64url').slice(0, 32) };
  });
  const hashes = [];
  for (let i = 0; i < fleet.length; i += 64) {
    hashes.push(...(await Promise.all(fleet.slice(i, i + 64).map((d) => hashDeviceSecret(d.secret)))));
  }
  const ids = await db.query(
    `insert into devices (merchant_id, name, serial_num, machine_type, model)
     select $1, 'Machine ' || n, 'SN-' || h, t, m from unnest($2::text[], $3::int[], $4::text[]) with ordinality as u(h, t, m, n)
     returning id`,
    [merchantId, fleet.map((d) => d.hwid), fleet.map((d) => machineType[d.kind]), fleet.map((d) => d.model)],
  );
  await db.query(
    `insert into device_hardware (hwid, model, secret_hash, device_id, bound_at)
     select * , now() from unnest($1::text[], $2::text[], $3::text[], $4::int[])`,
    [fleet.map((d) => d.hwid), fleet.map((d) => d.model), hashes, ids.rows.map((r) => r.id)],
  );
  return fleet;
}

/**
 * Reports and events written in (since, now], with their latency from the device's `sentAt`. Polled
 * every second while each device reports every few seconds, so nearly every report is seen once.
 */
async function sample(db, since) {
  const until = (await db.query('select now() as now')).rows[0].now;
  const states = await db.query(
    `select extract(epoch from report_updated_at) * 1000 - (report->>'sentAt')::bigint as ms
       from device_state where report_updated_at > $1 and report_updated_at <= $2`,
    [since, until],
  );
  const events = await db.query(
    `select extract(epoch from received_at) * 1000 - (payload->>'sentAt')::bigint as ms
       from device_events where received_at > $1 and received_at <= $2`,
    [since, until],
  );
  return { states: states.rows.map((r) => Number(r.ms)), events: events.rows.map((r) => Number(r.ms)), until };
}
