#!/usr/bin/env node
/**
 * Api throughput benchmark: starts the api (embedded PostgreSQL and MQTT broker, fresh data folder,
 * the demo merchant seeded) and, as a reference, a bare Fastify JSON route in its own process; signs
 * in as the demo owner, then measures with the same load generator (bench/lib/load.mjs, keep-alive
 * connections, one request in flight on each) and in the same run:
 *
 *   - the bare route (`GET /bare`, no plugins),
 *   - `GET /api/ready` (the api's own unauthenticated route),
 *   - the authenticated device list (`GET /api/v1/device-cloud/list`),
 *   - a transaction records page (`GET /api/v1/transaction/list`),
 *   - the merchant's info (`GET /api/v1/merchant/info`),
 *
 * printing requests/s, p50 and p99 of each, its share of the bare route's requests/s, and the CPU
 * each request cost the api process and its database (µs), which hold even on a busy machine.
 * Authenticated calls carry `tz` and `timestamp` as the web app sends them.
 * Goal: each authenticated endpoint >= 20% of the bare route, p99 < 50 ms at 20 connections.
 *
 * The demo fleet reports throughout, as under `npm start` (the simulator for the demo merchant,
 * ten times real life), so machine states and sales change and the answers the api keeps in
 * memory are dropped as they would be; `--no-fleet` measures without it. The share of answers
 * sent from memory (`x-answer-cache: hit`) is printed per target, with the state reports and
 * sales written during the measurement.
 *
 *   node bench/api-throughput.mjs [--connections 20] [--seconds 10] [--cpu-prof <dir>] [--json] [--no-fleet]
 *
 * `--cpu-prof <dir>` runs the api under `node --cpu-prof` and leaves the profile in <dir>
 * (summarise it with `node bench/lib/cpu-profile.mjs <file>`).
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { freePort, postmasterPid, processUsage, root, startApi, treeCpuMs } from './lib/harness.mjs';
import { measure } from './lib/load.mjs';

// The api's token service is TypeScript: run again under tsx.
if (!process.execArgv.some((arg) => arg.includes('tsx'))) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...process.argv.slice(1)], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 1));
} else {
  process.exitCode = await main();
}

async function main() {
  const { values } = parseArgs({
    options: {
      connections: { type: 'string', default: '20' },
      seconds: { type: 'string', default: '10' },
      'cpu-prof': { type: 'string' },
      json: { type: 'boolean' },
      only: { type: 'string' },
      'no-fleet': { type: 'boolean' },
    },
  });
  const connections = Number(values.connections);
  const seconds = Number(values.seconds);
  const say = (text) => console.error(text);

  const barePort = await freePort();
  const bare = spawn(process.execPath, [path.join(root, 'bench/lib/bare-server.mjs'), String(barePort)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise((resolve, reject) => {
      createInterface({ input: bare.stdout }).once('line', resolve);
      bare.once('exit', () => reject(new Error('the bare server did not start')));
    });
    return await measureAll({ values, barePort, barePid: bare.pid, connections, seconds, say });
  } finally {
    bare.kill('SIGTERM');
  }
}

async function measureAll({ values, barePort, barePid, connections, seconds, say }) {
  const pg = (await import('pg')).default;
  say('starting the api with the demo data...');
  const profileDir = values['cpu-prof'] ? path.resolve(values['cpu-prof']) : null;
  const api = await startApi({
    env: {
      SEED_DEMO: 'true',
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    },
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  });
  let fleet = null;
  try {
    const { createDatabase, createPool } = await import('../apps/api/src/db/client.ts');
    const { createTokenService } = await import('../apps/api/src/auth/token-service.ts');
    const { systemClock } = await import('../apps/api/src/lib/clock.ts');
    const db = new pg.Client({ connectionString: api.databaseUrl });
    await db.connect();
    const owner = await db.query(
      `select u.id as user_id, m.merchant_id from users u join merchant_members m on m.user_id = u.id
        where u.email = 'demo@example.com' and m.role = 'merchant' order by m.merchant_id limit 1`,
    );
    const { user_id: userId, merchant_id: merchantId } = owner.rows[0];
    const machines = (await db.query('select count(*)::int as n from devices where merchant_id = $1', [merchantId]))
      .rows[0].n;
    await db.end();

    // Sign in: a login token from the api's token service, then the merchant token through the route.
    const pool = createPool(api.databaseUrl, 1);
    const tokens = createTokenService(
      createDatabase(pool),
      process.env.JWT_SECRET ?? 'bench-secret-that-is-long-enough-for-hs256-signing',
      systemClock,
    );
    const login = await tokens.issueLogin(userId);
    await pool.end();
    const picked = await fetch(`${api.base}/api/v1/merchant/${merchantId}/login`, {
      headers: { authorization: `Bearer ${login.jwt}` },
    }).then((r) => r.json());
    const auth = { authorization: `Bearer ${picked.result.jwt}` };
    fleet = values['no-fleet'] ? null : await startFleet(api, merchantId, say);
    const context = () => `tz=Asia%2FTaipei&timestamp=${Date.now()}`;

    const targets = [
      { name: 'bare Fastify route', url: `http://127.0.0.1:${barePort}/bare` },
      { name: 'GET /api/ready', url: `${api.base}/api/ready` },
      { name: 'GET device-cloud/list', url: `${api.base}/api/v1/device-cloud/list?${context()}`, headers: auth },
      {
        name: 'GET transaction/list',
        url: `${api.base}/api/v1/transaction/list?page=1&pageSize=20&${context()}`,
        headers: auth,
      },
      { name: 'GET merchant/info', url: `${api.base}/api/v1/merchant/info?${context()}`, headers: auth },
    ];
    // `--only device,merchant`: the bare route and the targets whose name holds one of the words.
    const wanted = values.only?.split(',').map((word) => word.trim().toLowerCase());
    if (wanted) {
      for (let i = targets.length - 1; i > 0; i -= 1) {
        if (!wanted.some((word) => targets[i].name.toLowerCase().includes(word))) targets.splice(i, 1);
      }
    }
    // Each answers 200 before it is measured.
    for (const target of targets) {
      const response = await fetch(target.url, { headers: target.headers });
      const body = await response.text();
      if (!response.ok) throw new Error(`${target.name}: ${response.status} ${body.slice(0, 300)}`);
    }

    say(`${machines} machines in the demo merchant; ${connections} connections, ${seconds} s each`);
    // CPU spent per request by the api process and by its database (postmaster and backends):
    // what each answer costs, whatever else the machine is doing meanwhile.
    const postgres = postmasterPid(api.dataDir);
    // The bare route's own process stands in for the api in its row: what the framework alone costs.
    const cpu = (pid) => {
      const server = processUsage(pid);
      return { api: server.cpuMs, kernel: server.systemMs, db: treeCpuMs(postgres) };
    };
    const writes = await api.connectDb();
    // Rows the fleet wrote (machine states, sales): what drops the kept answers meanwhile.
    const written = async () => {
      const found = await writes.query(
        `select coalesce(sum(n_tup_upd + n_tup_ins) filter (where relname = 'device_state'), 0)::int as states,
                coalesce(sum(n_tup_ins) filter (where relname = 'transactions'), 0)::int as sales
           from pg_stat_user_tables`,
      );
      return found.rows[0];
    };
    const loadBefore = os.loadavg().map((n) => Math.round(n * 100) / 100);
    const results = [];
    for (const target of targets) {
      say(`  ${target.name}...`);
      const writtenBefore = await written();
      const server = target.name.startsWith('bare') ? barePid : api.process.pid;
      const measured = await measure({
        ...target,
        connections,
        seconds,
        onMeasure: () => cpu(server),
        countHeader: 'x-answer-cache',
      });
      const after = cpu(server);
      // The statistics collector lags by up to a second: the figures are what it had seen.
      const writtenAfter = await written();
      const before = measured.context;
      const perRequest = (ms) => Math.round((ms / measured.requests) * 1000);
      results.push({
        name: target.name,
        ...measured,
        apiCpuUs: perRequest(after.api - before.api),
        kernelShare: (after.kernel - before.kernel) / Math.max(1, after.api - before.api),
        ...(target.name.startsWith('bare') ? {} : { dbCpuUs: perRequest(after.db - before.db) }),
        fromMemory: target.headers ? (measured.counted.hit ?? 0) / measured.requests : null,
        sharedRead: target.headers ? (measured.counted.shared ?? 0) / measured.requests : null,
        stateWrites: writtenAfter.states - writtenBefore.states,
        salesWritten: writtenAfter.sales - writtenBefore.sales,
      });
    }
    const bareRate = results[0].requestsPerSecond;
    const rows = results.map((r, i) => ({
      endpoint: r.name,
      authenticated: targets[i].headers !== undefined,
      requestsPerSecond: r.requestsPerSecond,
      p50Ms: r.p50Ms,
      p99Ms: r.p99Ms,
      ofBare: `${Math.round((r.requestsPerSecond / bareRate) * 1000) / 10}%`,
      apiCpuUsPerRequest: r.apiCpuUs ?? null,
      apiKernelShare: `${Math.round(r.kernelShare * 100)}%`,
      dbCpuUsPerRequest: r.dbCpuUs ?? null,
      fromMemory: r.fromMemory === null ? null : `${Math.round(r.fromMemory * 1000) / 10}%`,
      sharedRead: r.sharedRead === null ? null : `${Math.round(r.sharedRead * 1000) / 10}%`,
      // Counted over the warm-up (2 s) and the measured run.
      stateWritesPerSecond: Math.round(r.stateWrites / (seconds + 2)),
      salesWritten: r.salesWritten,
      errors: r.errors,
    }));
    const met = rows.filter((r) => r.authenticated).every((r) => r.requestsPerSecond >= bareRate * 0.2 && r.p99Ms < 50);
    // What else ran meanwhile: requests/s move with it, CPU per request much less.
    const load = { before: loadBefore, after: os.loadavg().map((n) => Math.round(n * 100) / 100) };
    if (values.json) {
      console.log(
        JSON.stringify({
          connections,
          seconds,
          machines,
          fleet: fleet !== null,
          cpus: os.cpus().length,
          load,
          rows,
          goalMet: met,
        }),
      );
    } else {
      const cell = (value, width) => String(value ?? '-').padStart(width);
      console.log(
        `${'endpoint'.padEnd(24)} ${cell('req/s', 8)} ${cell('p50 ms', 8)} ${cell('p99 ms', 8)} ${cell('of bare', 8)} ${cell('api µs', 8)} ${cell('kernel', 7)} ${cell('db µs', 8)} ${cell('memory', 7)} ${cell('shared', 7)} ${cell('states/s', 8)} ${cell('sales', 6)} ${cell('errors', 7)}`,
      );
      for (const r of rows) {
        console.log(
          `${r.endpoint.padEnd(24)} ${cell(r.requestsPerSecond, 8)} ${cell(r.p50Ms, 8)} ${cell(r.p99Ms, 8)} ${cell(r.ofBare, 8)} ${cell(r.apiCpuUsPerRequest, 8)} ${cell(r.apiKernelShare, 7)} ${cell(r.dbCpuUsPerRequest, 8)} ${cell(r.fromMemory, 7)} ${cell(r.sharedRead, 7)} ${cell(r.stateWritesPerSecond, 8)} ${cell(r.salesWritten, 6)} ${cell(r.errors, 7)}`,
        );
      }
      console.log(
        "api µs, db µs: CPU time per request of the api process (the bare route's: its own process) and of its database (postmaster and backends); kernel: the share of the api µs spent in the kernel (socket reads and writes)",
      );
      console.log(
        `memory: answers sent from the api's memory (x-answer-cache: hit); shared: answers of a read already under way (shared); states/s, sales: rows the demo fleet wrote meanwhile (${fleet ? 'fleet reporting' : 'no fleet: --no-fleet'})`,
      );
      console.log(
        `load average (1, 5, 15 min): before ${load.before.join(', ')}; after ${load.after.join(', ')}; ${os.cpus().length} CPUs`,
      );
      console.log(`goal (each authenticated endpoint >= 20% of bare, p99 < 50 ms): ${met ? 'met' : 'not met'}`);
    }
    await writes.end();
    return rows.some((r) => r.errors > 0) ? 1 : 0;
  } finally {
    fleet?.kill('SIGTERM');
    await api.stop();
  }
}

/**
 * The demo fleet the seed wrote into the data folder, reporting as under `npm start`
 * (scripts/start.mjs: the same simulator and settings); resolves once its machines are online.
 */
async function startFleet(api, merchantId, say) {
  const fleetFile = path.join(api.dataDir, 'demo-fleet.json');
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'apps', 'simulator', 'src', 'cli.ts'),
      ...['--fleet', fleetFile, '--url', api.mqttUrl, '--stats', '0'],
      ...['--time-scale', '10', '--paid-failure-rate', '0.1', '--card-share', '0.2'],
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const db = await api.connectDb();
  try {
    for (let waited = 0; ; waited += 250) {
      const found = await db.query(
        `select count(*)::int as n from device_state s join device_hardware h on h.hwid = s.hwid
           join devices d on d.id = h.device_id where d.merchant_id = $1 and s.online`,
        [merchantId],
      );
      if (found.rows[0].n > 0) {
        say(`demo fleet reporting: ${found.rows[0].n} machines online`);
        break;
      }
      if (child.exitCode !== null || waited > 60_000) throw new Error('the demo fleet did not come online');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  } finally {
    await db.end();
  }
  return child;
}
