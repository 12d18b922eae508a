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
 *   node bench/api-throughput.mjs [--connections 20] [--seconds 10] [--cpu-prof <dir>] [--json]
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
    return await measureAll({ values, barePort, connections, seconds, say });
  } finally {
    bare.kill('SIGTERM');
  }
}

async function measureAll({ values, barePort, connections, seconds, say }) {
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
    const cpu = () => ({ api: processUsage(api.process.pid).cpuMs, db: treeCpuMs(postgres) });
    const loadBefore = os.loadavg().map((n) => Math.round(n * 100) / 100);
    const results = [];
    for (const target of targets) {
      say(`  ${target.name}...`);
      const measured = await measure({ ...target, connections, seconds, onMeasure: () => cpu() });
      const after = cpu();
      const before = measured.context;
      const perRequest = (ms) => Math.round((ms / measured.requests) * 1000);
      results.push({
        name: target.name,
        ...measured,
        ...(target.name.startsWith('bare')
          ? {}
          : { apiCpuUs: perRequest(after.api - before.api), dbCpuUs: perRequest(after.db - before.db) }),
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
      dbCpuUsPerRequest: r.dbCpuUs ?? null,
      errors: r.errors,
    }));
    const met = rows.filter((r) => r.authenticated).every((r) => r.requestsPerSecond >= bareRate * 0.2 && r.p99Ms < 50);
    // What else ran meanwhile: requests/s move with it, CPU per request much less.
    const load = { before: loadBefore, after: os.loadavg().map((n) => Math.round(n * 100) / 100) };
    if (values.json) {
      console.log(JSON.stringify({ connections, seconds, machines, cpus: os.cpus().length, load, rows, goalMet: met }));
    } else {
      const cell = (value, width) => String(value ?? '-').padStart(width);
      console.log(
        `${'endpoint'.padEnd(24)} ${cell('req/s', 8)} ${cell('p50 ms', 8)} ${cell('p99 ms', 8)} ${cell('of bare', 8)} ${cell('api µs', 8)} ${cell('db µs', 8)} ${cell('errors', 7)}`,
      );
      for (const r of rows) {
        console.log(
          `${r.endpoint.padEnd(24)} ${cell(r.requestsPerSecond, 8)} ${cell(r.p50Ms, 8)} ${cell(r.p99Ms, 8)} ${cell(r.ofBare, 8)} ${cell(r.apiCpuUsPerRequest, 8)} ${cell(r.dbCpuUsPerRequest, 8)} ${cell(r.errors, 7)}`,
        );
      }
      console.log(
        'api µs, db µs: CPU time per request of the api process and of its database (postmaster and backends)',
      );
      console.log(
        `load average (1, 5, 15 min): before ${load.before.join(', ')}; after ${load.after.join(', ')}; ${os.cpus().length} CPUs`,
      );
      console.log(`goal (each authenticated endpoint >= 20% of bare, p99 < 50 ms): ${met ? 'met' : 'not met'}`);
    }
    return rows.some((r) => r.errors > 0) ? 1 : 0;
  } finally {
    await api.stop();
  }
}
