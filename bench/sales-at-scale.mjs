#!/usr/bin/env node
/**
 * Sales at scale: an embedded PostgreSQL in a fresh folder with the product's schema (its
 * migrations), `--sales` sales over two years for `--merchants` merchants (`--large` of them holding
 * `--large-share` of the sales, the rest a long tail; machines and places in proportion), loaded
 * set-based (bench/lib/sales-data.mjs: triggers and secondary indexes off for the load, the
 * indexes built again from their own definitions, the rollups filled in one statement each; with
 * `--seed-with-triggers`, through the product's triggers and indexes instead), then ANALYZE.
 * Prints the seeding time and the database's size.
 *
 * Then the api as a real server (apps/api/src/server.ts on a free port, bench/lib/harness.mjs's
 * startApi, on that database) and `--users` simulated members over HTTP, most of them members of
 * the large merchants, each for `--duration` seconds (after `--warmup` seconds not counted)
 * looping through: a records page (first page, any range of up to three months), a deeper page
 * with a filter (place, machine or gateway), three months of statistics (by day, machine or
 * gateway), the dashboard overview, and now and then (`--export-share` of the rounds, at most
 * `--max-exports` at once) a CSV export of one to three months, read as it streams (at
 * `--export-kbps` when given, as a slow link would). `--think-ms` between requests, as a person
 * reads. Meanwhile `--sales-per-second` new sales arrive through the product's triggers, as
 * machines report them, so the answers kept in memory are dropped as they would be.
 *
 * Prints per endpoint: count, p50, p95, p99, max, errors, answers from memory; requests/s; the
 * api's resident memory (min, max, and the most with and without an export under way); the load
 * average. Then, the users stopped, exports alone for the largest merchant with the api's memory
 * read every 50 ms: one month and three months read as fast as they come, three months read at
 * `--slow-export-kbps` (0: not that one). Exit code 1 when a goal is missed: p95 < 150 ms for
 * pages, statistics and the dashboard (and no errors); no export alone
 * raising the api's memory by more than 100 MB, whatever its rows.
 *
 *   node bench/sales-at-scale.mjs [--sales 50000000] [--merchants 200] [--users 20] [--duration 60]
 *        [--explain] [--data-dir <dir>] [--seed-only] ...
 *
 * `--data-dir <dir>`: the database lives there and is kept; a later run with the same seeding
 * options reuses it (bench-seed.json says what was seeded) instead of seeding again.
 * `--explain`: EXPLAIN (ANALYZE, BUFFERS) of the main statements for the largest merchant, as
 * the api sends them (prepared ones run six times first, so the plan shown is the one kept);
 * with `--seed-only`, only that (on a kept --data-dir: the plans without seeding or load).
 * Everything the bench starts (PostgreSQL, the api) is stopped on exit, Ctrl-C included.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  freePort,
  mainThreadTimes,
  percentile,
  processUsage,
  sleep,
  startApi,
  underTsx,
  waitingShare,
} from './lib/harness.mjs';
import {
  capturedSql,
  databaseSizes,
  explainCaptured,
  gb,
  mb,
  merchantToken,
  rollupsAgree,
  seedSales,
} from './lib/sales-data.mjs';

const zone = 'Asia/Taipei';
const jwtSecret = 'bench-secret-that-is-long-enough-for-hs256-signing';
/** Pages, statistics and the dashboard: p95 under this (ms). */
const goalP95 = 150;
/** The api's memory with an export under way: at most this much above its most without one (MB). */
const exportMemoryMargin = 100;

async function main() {
  const { values } = parseArgs({
    options: {
      sales: { type: 'string', default: '50000000' },
      merchants: { type: 'string', default: '200' },
      large: { type: 'string', default: '3' },
      'large-share': { type: 'string', default: '0.4' },
      users: { type: 'string', default: '20' },
      'large-users': { type: 'string', default: '0.7' },
      duration: { type: 'string', default: '60' },
      warmup: { type: 'string', default: '10' },
      'think-ms': { type: 'string', default: '1000' },
      'export-share': { type: 'string', default: '0.05' },
      'max-exports': { type: 'string', default: '2' },
      'export-kbps': { type: 'string', default: '0' },
      'slow-export-kbps': { type: 'string', default: '1024' },
      'sales-per-second': { type: 'string', default: '10' },
      'seed-with-triggers': { type: 'boolean' },
      'data-dir': { type: 'string' },
      'seed-only': { type: 'boolean' },
      explain: { type: 'boolean' },
    },
  });
  const options = {
    sales: Number(values.sales),
    merchants: Number(values.merchants),
    large: Math.min(Number(values.large), Number(values.merchants)),
    largeShare: Number(values['large-share']),
    fast: !values['seed-with-triggers'],
  };
  const say = (text) => console.log(text);

  const { startEmbeddedDatabase } = await import('../apps/api/src/db/embedded.ts');
  const { createDatabase, createPool, runMigrations } = await import('../apps/api/src/db/client.ts');

  const keep = values['data-dir'] !== undefined;
  const dataDir = keep ? path.resolve(values['data-dir']) : await mkdtemp(path.join(os.tmpdir(), 'sbo-bench-sales-'));
  // What this run started, stopped on the way out whichever way it goes (an error, Ctrl-C, a kill).
  const started = { database: null, api: null, pool: null };
  let stopping = null;
  const stopAll = () =>
    (stopping ??= (async () => {
      if (started.api) await started.api.stop().catch(() => undefined);
      if (started.pool) await started.pool.end().catch(() => undefined);
      if (started.database) await started.database.stop().catch(() => undefined);
      if (!keep) rmSync(dataDir, { recursive: true, force: true });
    })());
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      say(`\n${signal}: stopping the api and PostgreSQL...`);
      stopAll().finally(() => process.exit(130));
    });
  }
  // Last resort: the api is killed and a temporary folder removed even if the stop above did not finish.
  process.on('exit', () => {
    if (started.api?.process.exitCode === null) {
      started.api.process.kill('SIGKILL');
      rmSync(started.api.dataDir, { recursive: true, force: true });
    }
    if (!keep) rmSync(dataDir, { recursive: true, force: true });
  });

  try {
    started.database = await startEmbeddedDatabase({ dataDir, preferredPort: await freePort() });
    started.pool = createPool(started.database.url, 4);
    const pool = started.pool;
    await runMigrations(pool);

    const seedFile = path.join(dataDir, 'bench-seed.json');
    const previous = existsSync(seedFile) ? JSON.parse(readFileSync(seedFile, 'utf8')) : null;
    let merchants;
    if (previous && JSON.stringify(previous.options) === JSON.stringify(options)) {
      say(`reusing the ${options.sales.toLocaleString('en')} sales seeded in ${dataDir} on ${previous.at}`);
      merchants = previous.merchants;
    } else {
      if (previous) throw new Error(`${dataDir} holds another seeding (${JSON.stringify(previous.options)})`);
      say(
        `seeding ${options.sales.toLocaleString('en')} sales over two years for ${options.merchants} merchants ` +
          `(${options.large} holding ${Math.round(options.largeShare * 100)}%), ${options.fast ? 'triggers and secondary indexes off for the load' : 'through the triggers and indexes'}...`,
      );
      const began = performance.now();
      const seeded = await seedSales(pool, { ...options, say });
      const seconds = (performance.now() - began) / 1000;
      merchants = seeded.merchants;
      say(`seeded in ${seconds.toFixed(0)} s (${Math.round(options.sales / seconds).toLocaleString('en')} sales/s)`);
      say(
        `  ${Object.entries(seeded.timings)
          .map(([step, s]) => `${step} ${s.toFixed(1)} s`)
          .join(', ')}`,
      );
      writeFileSync(seedFile, JSON.stringify({ options, at: new Date().toISOString(), seconds, merchants }));
      const checkBegan = performance.now();
      const agree = await rollupsAgree(pool);
      say(
        `rollups agree with the sales: ${agree ? 'yes' : 'NO'} (checked in ${((performance.now() - checkBegan) / 1000).toFixed(0)} s)`,
      );
      if (!agree) return 1;
    }
    const sizes = await databaseSizes(pool);
    say(
      `database ${gb(sizes.database)}: transactions ${gb(sizes.heap)} + indexes ${gb(sizes.indexes)}; ` +
        `revenue_daily ${mb(sizes.daily)}, revenue_daily_place ${mb(sizes.place)}`,
    );
    say(`  indexes: ${sizes.perIndex.map((i) => `${i.name} ${mb(i.bytes)}`).join(', ')}`);
    const settings = await pool.query(
      `select name, current_setting(name) as value from pg_settings
        where name in ('shared_buffers', 'work_mem', 'effective_cache_size', 'max_parallel_workers_per_gather', 'random_page_cost')
        order by name`,
    );
    say(
      `  PostgreSQL ${(await pool.query('show server_version')).rows[0].server_version}: ${settings.rows.map((s) => `${s.name}=${s.value}`).join(', ')}`,
    );
    const largest = merchants[0];
    say(
      `  largest merchant: ${largest.sales.toLocaleString('en')} sales, ${largest.devices[1]} machines, ${largest.places[1]} places`,
    );
    if (values.explain) await explainMain(pool, largest);

    if (values['seed-only']) return 0;

    // Members: most of the users belong to the large merchants, the rest to others of the tail.
    const users = Number(values.users);
    const large = merchants.filter((m) => m.large);
    const rest = merchants.filter((m) => !m.large);
    const memberOf = Array.from({ length: users }, (_, i) =>
      (i < Math.round(users * Number(values['large-users'])) && large.length) || rest.length === 0
        ? large[i % large.length]
        : rest[(i * 7) % rest.length],
    );
    const stamp = Date.now();
    const made = await pool.query(
      `insert into users (email, nick_name)
       select 'member' || g || '-' || $2 || '@bench.example', 'Member ' || g from generate_series(1, $1::int) g
        order by g returning id`,
      [users, stamp],
    );
    const userIds = made.rows.map((r) => r.id).sort((a, b) => a - b);
    await pool.query(
      `insert into merchant_members (merchant_id, user_id, role, permission_groups)
       select m, u, 'merchant', '{memberManagement,transaction,remoteControl,notification}'
         from unnest($1::int[], $2::int[]) as x(m, u)`,
      [memberOf.map((m) => m.id), userIds],
    );

    say('starting the api...');
    // The api's own figures (/metrics): what its memory is made of while an export runs.
    const metricsPort = await freePort();
    started.api = await startApi({
      env: {
        METRICS_PORT: String(metricsPort),
        DATABASE_URL: started.database.url,
        JWT_SECRET: jwtSecret,
        // Every member signs in from this one address.
        RATE_LIMIT_SIGN_IN_PER_MINUTE: '100000',
      },
    });
    const api = started.api;
    const client = httpClient(api.base);
    const { createTokenService } = await import('../apps/api/src/auth/token-service.ts');
    const { systemClock } = await import('../apps/api/src/lib/clock.ts');
    const tokens = createTokenService(createDatabase(pool), jwtSecret, systemClock);
    const members = [];
    for (const [i, merchant] of memberOf.entries()) {
      const jwt = await merchantToken({
        tokens,
        userId: userIds[i],
        merchantId: merchant.id,
        get: async (url, headers) => JSON.parse((await client.get(url, headers)).body),
      });
      members.push({ merchant, headers: { authorization: `Bearer ${jwt}` } });
    }

    const run = {
      thinkMs: Number(values['think-ms']),
      exportShare: Number(values['export-share']),
      maxExports: Number(values['max-exports']),
      exportKbps: Number(values['export-kbps']),
    };
    const samples = [];
    const state = { exports: 0, recording: false, until: 0 };
    const results = new Map();
    const exportsDone = [];
    /** Times an answer under its endpoint, and under `endpoint › kind` when a kind is given. */
    const record = (name, ms, response, kind) => {
      if (!state.recording) return;
      for (const key of kind ? [name, `${name} › ${kind}`] : [name]) {
        const entry = results.get(key) ?? { times: [], errors: 0, hits: 0 };
        entry.times.push(ms);
        if (response.status !== 200) entry.errors += 1;
        if (response.headers['x-answer-cache'] === 'hit') entry.hits += 1;
        results.set(key, entry);
      }
    };
    // The api's resident memory four times a second, marked with whether an export was under way.
    const sampler = setInterval(() => {
      try {
        samples.push({
          rss: processUsage(api.process.pid).rssMb,
          exporting: state.exports > 0,
          recording: state.recording,
        });
      } catch {
        // the api has gone: the run fails below
      }
    }, 250);
    const writer = startSalesWriter(pool, merchants, Number(values['sales-per-second']));
    const loadBefore = os.loadavg();
    try {
      say(
        `${users} users (${memberOf.filter((m) => m.large).length} of large merchants), think ${run.thinkMs} ms; warm-up ${values.warmup} s...`,
      );
      state.until = performance.now() + Number(values.warmup) * 1000;
      await Promise.all(members.map((member, i) => userLoop({ member, i, client, state, run, record, exports: null })));
      say(`measuring ${values.duration} s...`);
      state.recording = true;
      const measuredFrom = performance.now();
      const apiTimes = mainThreadTimes(api.process.pid);
      state.until = measuredFrom + Number(values.duration) * 1000;
      await Promise.all(
        members.map((member, i) => userLoop({ member, i, client, state, run, record, exports: exportsDone })),
      );
      state.recording = false;
      const elapsed = (performance.now() - measuredFrom) / 1000;
      clearInterval(sampler);
      const loadAfter = os.loadavg();
      const waited = waitingShare(apiTimes, mainThreadTimes(api.process.pid));
      const met = report({
        waited,
        results,
        exportsDone,
        samples,
        elapsed,
        loadBefore,
        loadAfter,
        writer: writer.counts(),
        say,
      });
      // Then exports alone, the api's memory read every 50 ms: one and three months of the largest
      // merchant read as fast as they come, and three months read at --slow-export-kbps (a slow link).
      const owner = members.find((m) => m.merchant.id === merchants[0].id) ?? members[0];
      const probes = [
        { months: 1, kbps: 0 },
        { months: 3, kbps: 0 },
        { months: 3, kbps: Number(values['slow-export-kbps']) },
      ].filter((probe, i) => i < 2 || probe.kbps > 0);
      say("\nexports alone (CSV, largest merchant, ending today), the api's memory before and at most during each:");
      let flat = true;
      for (const probe of probes) {
        const found = await exportProbe({ client, api, member: owner, metricsPort, ...probe });
        const grew = found.peakRss - found.baseRss;
        if (grew > exportMemoryMargin) flat = false;
        say(
          `  ${probe.months} month${probe.months > 1 ? 's' : ''}, ${probe.kbps > 0 ? `read at ${probe.kbps} KB/s` : 'read as fast as it comes'}: ` +
            `${found.rows.toLocaleString('en')} rows, ${mb(found.bytes)} in ${found.seconds.toFixed(1)} s ` +
            `(${Math.round(found.rows / found.seconds).toLocaleString('en')} rows/s); RSS ${found.baseRss} -> ${found.peakRss} MB (+${grew} MB)` +
            `; at most: JavaScript heap ${found.peak.heap} MB of ${found.peak.heapTotal}, buffers and other memory outside it ${found.peak.external} MB` +
            ` (before: ${found.base.heap} of ${found.base.heapTotal}, ${found.base.external})`,
        );
      }
      say(
        `export memory (at most +${exportMemoryMargin} MB whatever the rows): ${flat ? 'flat' : 'GROWS with the rows'}`,
      );
      return met && flat ? 0 : 1;
    } finally {
      clearInterval(sampler);
      await writer.stop();
      client.close();
    }
  } finally {
    await stopAll();
  }
}

/** Days in the merchant's zone (Taipei: UTC+8 all year). */
const dayOf = (ms) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const randomInt = (from, to) => from + Math.floor(Math.random() * (to - from + 1));

/** A range of `length` days ending today half the time, else on a day of the last two years. */
function range(length) {
  const endsDaysAgo = Math.random() < 0.5 ? 0 : randomInt(1, 730 - length);
  const end = Date.now() - endsDaysAgo * 86_400_000;
  return `from=${dayOf(end - (length - 1) * 86_400_000)}&to=${dayOf(end)}&tz=${encodeURIComponent(zone)}`;
}

/** One member's rounds until `state.until`: the requests of a person going through the reports. */
async function userLoop({ member, i, client, state, run, record, exports }) {
  const { merchant, headers } = member;
  const think = () => (run.thinkMs > 0 ? sleep(run.thinkMs * (0.5 + Math.random())) : undefined);
  const get = async (name, url, kind) => {
    const began = performance.now();
    const response = await client.get(url, headers);
    record(name, performance.now() - began, response, kind);
    if (response.status !== 200 && state.recording && !get.warned) {
      get.warned = true;
      console.error(`${name}: ${response.status} ${response.body.slice(0, 200)}`);
    }
    await think();
  };
  // Start the users apart, as people arrive.
  await sleep(i * 50);
  while (performance.now() < state.until) {
    const window = range(randomInt(1, 90));
    await get('records, first page', `/api/v1/transaction/list?${window}&pageSize=20`);
    if (performance.now() >= state.until) break;
    const filter = pick([
      `placeId=${randomInt(merchant.places[0], merchant.places[0] + merchant.places[1] - 1)}`,
      `deviceId=${randomInt(merchant.devices[0], merchant.devices[0] + merchant.devices[1] - 1)}`,
      `payGateway=${pick(['LinePay', 'offline', 'EDC'])}`,
    ]);
    await get(
      'records, deeper page',
      `/api/v1/transaction/list?${window}&pageSize=20&page=${randomInt(2, 50)}&${filter}`,
      filter.split('=')[0],
    );
    if (performance.now() >= state.until) break;
    const groupBy = pick(['day', 'day', 'day', 'device', 'payGateway']);
    await get('statistics, 3 months', `/api/v1/revenue/statistics?${range(90)}&groupBy=${groupBy}`, groupBy);
    if (performance.now() >= state.until) break;
    await get('dashboard overview', `/api/v1/dashboard/overview?tz=${encodeURIComponent(zone)}`);
    if (exports && state.exports < run.maxExports && Math.random() < run.exportShare) {
      state.exports += 1;
      const months = randomInt(1, 3);
      const url = `/api/v1/transaction/export?${range(months * 30)}&format=csv`;
      const began = performance.now();
      try {
        const answer = await client.download(url, headers, run.exportKbps);
        exports.push({ ...answer, seconds: (performance.now() - began) / 1000, months, large: merchant.large });
      } finally {
        state.exports -= 1;
      }
    }
  }
}

/**
 * HTTP/1.1 with keep-alive over node:http: `get` answers status, headers and body; `download`
 * reads a streamed answer counting its bytes and lines without keeping them, at `kbps` when given
 * (pausing the socket, as a slow link would), and answers when its first byte came.
 */
function httpClient(base) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const target = new URL(base);
  const request = (url, headers, onResponse) =>
    new Promise((resolve, reject) => {
      const req = http.get(
        { host: target.hostname, port: target.port, path: url, headers, agent, timeout: 600_000 },
        (response) => onResponse(response, resolve, reject),
      );
      req.on('error', reject);
      req.on('timeout', () => req.destroy(new Error(`timed out: ${url}`)));
    });
  return {
    get: (url, headers = {}) =>
      request(url, headers, (response, resolve, reject) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks).toString() }),
        );
      }),
    download: (url, headers = {}, kbps = 0) => {
      const began = performance.now();
      return request(url, headers, (response, resolve, reject) => {
        let bytes = 0;
        let lines = 0;
        let firstByteMs = null;
        response.on('data', (chunk) => {
          firstByteMs ??= performance.now() - began;
          bytes += chunk.length;
          for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines += 1;
          if (kbps > 0) {
            // Hold the next read until this chunk's share of the rate has passed.
            const due = began + (bytes / (kbps * 1024)) * 1000;
            const wait = due - performance.now();
            if (wait > 1) {
              response.pause();
              setTimeout(() => response.resume(), wait);
            }
          }
        });
        response.on('error', reject);
        response.on('end', () => {
          if (response.statusCode !== 200) return reject(new Error(`export: ${response.statusCode}`));
          // The header line is not a sale.
          resolve({ bytes, rows: Math.max(0, lines - 1), firstByteMs });
        });
      });
    },
    close: () => agent.destroy(),
  };
}

/**
 * New sales as machines report them, `perSecond` of them spread over the merchants by size,
 * inserted one by one through the product's triggers (rollups, answer notifications).
 */
function startSalesWriter(pool, merchants, perSecond) {
  let written = 0;
  let failed = 0;
  let stopped = perSecond <= 0;
  const total = merchants.reduce((n, m) => n + m.sales, 0);
  const weighted = () => {
    let at = Math.random() * total;
    for (const merchant of merchants) {
      at -= merchant.sales;
      if (at < 0) return merchant;
    }
    return merchants[0];
  };
  const loop = (async () => {
    while (!stopped) {
      const began = performance.now();
      const merchant = weighted();
      const device = randomInt(merchant.devices[0], merchant.devices[0] + merchant.devices[1] - 1);
      await pool
        .query(
          `insert into transactions (merchant_id, device_id, place_id, machine_type, pay_gateway, status, currency,
                                     total, collected, created_at)
           select merchant_id, id, place_id, machine_type, 'offline', 0, 'TWD', 6000, 6000, now()
             from devices where id = $1`,
          [device],
        )
        .then(
          () => (written += 1),
          () => (failed += 1),
        );
      await sleep(Math.max(0, 1000 / perSecond - (performance.now() - began)));
    }
  })();
  return {
    counts: () => ({ written, failed }),
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

function report({ waited, results, exportsDone, samples, elapsed, loadBefore, loadAfter, writer, say }) {
  const names = ['records, first page', 'records, deeper page', 'statistics, 3 months', 'dashboard overview'];
  const cell = (value, width) => String(value ?? '-').padStart(width);
  say(
    `\n${'endpoint'.padEnd(24)}${cell('count', 7)}${cell('req/s', 7)}${cell('p50 ms', 8)}${cell('p95 ms', 8)}${cell('p99 ms', 8)}${cell('max ms', 8)}${cell('errors', 7)}${cell('memory', 8)}`,
  );
  let met = true;
  let requests = 0;
  for (const name of names) {
    const entry = results.get(name) ?? { times: [], errors: 0, hits: 0 };
    const count = entry.times.length;
    requests += count;
    const p95 = percentile(entry.times, 95);
    if (count === 0 || p95 >= goalP95 || entry.errors > 0) met = false;
    say(
      `${name.padEnd(24)}${cell(count, 7)}${cell((count / elapsed).toFixed(1), 7)}${cell(percentile(entry.times, 50), 8)}${cell(p95, 8)}${cell(percentile(entry.times, 99), 8)}${cell(count ? Math.round(Math.max(...entry.times)) : null, 8)}${cell(entry.errors, 7)}${cell(count ? `${Math.round((entry.hits / count) * 100)}%` : null, 8)}`,
    );
  }
  say(`all pages, statistics, dashboard: ${(requests / elapsed).toFixed(1)} requests/s over ${elapsed.toFixed(0)} s`);
  // The same answers by the kind of request (the deeper page's filter, the statistics' grouping).
  for (const key of [...results.keys()].filter((k) => k.includes(' › ')).sort()) {
    const times = results.get(key).times;
    say(
      `  ${key.padEnd(38)}${cell(times.length, 7)}  p50 ${cell(percentile(times, 50), 5)}  p95 ${cell(percentile(times, 95), 5)}  max ${cell(Math.round(Math.max(...times)), 5)} ms`,
    );
  }
  say('memory: answers the api sent from memory (x-answer-cache: hit)');

  const rss = samples.map((s) => s.rss);
  const most = (list) => (list.length ? Math.max(...list) : null);
  const without = most(samples.filter((s) => !s.exporting).map((s) => s.rss));
  const during = most(samples.filter((s) => s.exporting).map((s) => s.rss));
  if (exportsDone.length) {
    const rows = exportsDone.map((e) => e.rows);
    const seconds = exportsDone.map((e) => e.seconds);
    const totalRows = rows.reduce((a, b) => a + b, 0);
    const totalSeconds = seconds.reduce((a, b) => a + b, 0);
    say(
      `\nexports (CSV, 1-3 months): ${exportsDone.length}, ${totalRows.toLocaleString('en')} rows, ` +
        `${mb(exportsDone.reduce((a, e) => a + e.bytes, 0))}; largest ${Math.max(...rows).toLocaleString('en')} rows; ` +
        `${Math.round(totalRows / totalSeconds).toLocaleString('en')} rows/s each; first byte p50 ${percentile(
          exportsDone.map((e) => e.firstByteMs),
          50,
        )} ms; whole file p50 ${percentile(seconds, 50)} s, max ${Math.max(...seconds).toFixed(1)} s`,
    );
  } else {
    say('\nexports: none in this run');
  }
  say(
    `api RSS: min ${Math.min(...rss)} MB, max ${Math.max(...rss)} MB; most without an export under way ${without} MB, ` +
      `with one ${during ?? '-'} MB`,
  );
  say(`sales written meanwhile through the triggers: ${writer.written} (${writer.failed} failed)`);
  const round = (list) => list.map((n) => n.toFixed(2)).join(', ');
  say(`load average (1, 5, 15 min): before ${round(loadBefore)}; after ${round(loadAfter)}; ${os.cpus().length} CPUs`);
  // On a shared machine: how much of the api's time it was ready to run but had no core.
  say(`the api's main thread waited for a core ${waited ?? '-'}% of the time it had work`);
  say(`p95 < ${goalP95} ms for pages, statistics and the dashboard: ${met ? 'met' : 'NOT met'}`);
  return met;
}

/** One export read to its end, the api's resident memory read every 50 ms meanwhile. */
async function exportProbe({ client, api, member, metricsPort, months, kbps }) {
  const rss = () => processUsage(api.process.pid).rssMb;
  await sleep(1000);
  const baseRss = rss();
  const base = await heapFigures(metricsPort);
  let peakRss = baseRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rss())), 50);
  // The heap's figures every 500 ms (each read costs the api a collection of its metrics), the largest kept.
  const peak = { ...base };
  const heapSampler = setInterval(() => {
    heapFigures(metricsPort).then(
      (now) => {
        for (const key of Object.keys(peak)) peak[key] = Math.max(peak[key], now[key]);
      },
      () => undefined,
    );
  }, 500);
  const began = performance.now();
  try {
    const end = Date.now();
    const url = `/api/v1/transaction/export?from=${dayOf(end - (months * 30 - 1) * 86_400_000)}&to=${dayOf(end)}&tz=${encodeURIComponent(zone)}&format=csv`;
    const answer = await client.download(url, member.headers, kbps);
    return {
      ...answer,
      seconds: (performance.now() - began) / 1000,
      baseRss,
      peakRss: Math.max(peakRss, rss()),
      base,
      peak,
    };
  } finally {
    clearInterval(sampler);
    clearInterval(heapSampler);
  }
}

/** The api's JavaScript heap (used and reserved) and its memory outside the heap (Buffers), in MB, from its /metrics. */
async function heapFigures(port) {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const value = (name) => Math.round(Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) / 1_048_576);
  return {
    heap: value('sbo_nodejs_heap_size_used_bytes'),
    heapTotal: value('sbo_nodejs_heap_size_total_bytes'),
    external: value('sbo_nodejs_external_memory_bytes'),
  };
}

/** The main statements for the largest merchant with their plans: a records page, statistics, the dashboard's, an export batch. */
async function explainMain(pool, merchant) {
  const page = await import('../apps/api/src/modules/transaction/page-repository.ts');
  const repo = await import('../apps/api/src/modules/transaction/repository.ts');
  const stats = await import('../apps/api/src/modules/transaction/statistics-repository.ts');
  const scope = { merchantId: merchant.id, deviceIds: null };
  const day = 86_400_000;
  // Days in Taipei: midnight there is 16:00 UTC the day before.
  const today = dayOf(Date.now());
  const midnight = (d) => new Date(`${d}T00:00:00+08:00`);
  const first = dayOf(Date.now() - 89 * day);
  const threeMonths = { from: midnight(first), until: new Date(midnight(today).getTime() + day) };
  const days = { firstDay: first, lastDay: today };
  const pageOf = (n) => ({ page: n, pageSize: 20, sort: 'createdAt', order: 'desc' });
  const totalsRow = { sumCount: 0, unverified: 0, topUps: 0, id: null };
  const placeId = merchant.places[0];
  const statements = [
    ['records page 1, three months (prepared)', (db) => page.transactionPage(db, scope, threeMonths, pageOf(1), days)],
    [
      'records page 50, three months, one place (planned with its values)',
      (db) => page.transactionPage(db, scope, { ...threeMonths, placeId }, pageOf(50), days),
    ],
    [
      'records page 50, three months, one machine (planned with its values)',
      (db) => page.transactionPage(db, scope, { ...threeMonths, deviceId: merchant.devices[0] }, pageOf(50), days),
    ],
    [
      'records page 50, three months, one gateway (planned with its values)',
      (db) => page.transactionPage(db, scope, { ...threeMonths, payGateway: 'EDC' }, pageOf(50), days),
    ],
    [
      'records page 50, three months, LINE Pay (planned with its values)',
      (db) => page.transactionPage(db, scope, { ...threeMonths, payGateway: 'LinePay' }, pageOf(50), days),
    ],
    [
      'statistics by day, three months (rollup per merchant)',
      (db) => stats.revenueBuckets(db, scope, { groupBy: 'day' }, true, { ...days, ...threeMonths, timeZone: zone }),
    ],
    [
      'statistics by machine, three months (rollup per machine without the gateway)',
      (db) => stats.revenueBuckets(db, scope, { groupBy: 'device' }, true, { ...days, ...threeMonths, timeZone: zone }),
    ],
    [
      'dashboard: this month from the rollup',
      (db) => repo.sumFromRollup(db, scope, { firstDay: `${today.slice(0, 8)}01`, lastDay: today }),
    ],
    [
      'dashboard: yesterday up to now from the sales',
      (db) =>
        repo.sumTransactions(db, scope, { from: midnight(dayOf(Date.now() - day)), until: new Date(Date.now() - day) }),
    ],
    [
      'dashboard: latest 8 sales of 30 days',
      (db) =>
        repo.listTransactions(
          db,
          scope,
          { from: new Date(Date.now() - 30 * day), until: new Date(Date.now() + day) },
          {
            ...pageOf(1),
            pageSize: 8,
          },
        ),
    ],
    [
      'dashboard: unverified sales of 30 days',
      (db) =>
        repo.sumUnverified(db, scope, { from: new Date(Date.now() - 30 * day), until: new Date(Date.now() + day) }),
    ],
    ['export: first batch of 2,000, three months', (db) => repo.exportBatch(db, scope, threeMonths, null, 2000)],
    [
      'export: a batch in the middle of three months',
      (db) =>
        repo.exportBatch(db, scope, threeMonths, { createdAt: new Date(Date.now() - 45 * day), id: 2 ** 31 - 1 }, 2000),
    ],
  ];
  console.log(
    `\nEXPLAIN (ANALYZE, BUFFERS) for merchant ${merchant.id} (${merchant.sales.toLocaleString('en')} sales):`,
  );
  for (const [title, run] of statements) {
    const captured = await capturedSql(run, totalsRow);
    const plans = await explainCaptured(pool, captured);
    for (const plan of plans) console.log(`\n-- ${title}\n${plan}`);
  }
  console.log('');
}

// The api's database helpers are TypeScript: run again under tsx.
await underTsx(async () => {
  // Said outright: the embedded PostgreSQL's exit hook would otherwise end the process with 0.
  process.exit(await main());
});
