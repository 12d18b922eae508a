#!/usr/bin/env node
/**
 * Reporting benchmark: an embedded PostgreSQL in a fresh folder, one merchant with 200 machines
 * and 5 million transactions over two years (plus their daily rollup), then p50/p95 of the
 * revenue-statistics and transaction-record endpoints for three-month ranges (and of the dashboard
 * overview), through the real
 * api (routes, access control, serialization) with `app.inject`.
 *
 *   node bench/money-reports.mjs [--transactions 5000000] [--devices 200] [--runs 40] [--json]
 *
 * Goals on a 2-core machine: statistics p95 < 150 ms, a records page p95 < 100 ms.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { underTsx } from './lib/harness.mjs';
import { capturedSql, explainCaptured, merchantToken, seedSales } from './lib/sales-data.mjs';

// The api is TypeScript: run again under tsx.
await underTsx(main);

async function main() {
  const { values } = parseArgs({
    options: {
      transactions: { type: 'string', default: '5000000' },
      devices: { type: 'string', default: '200' },
      runs: { type: 'string', default: '40' },
      json: { type: 'boolean' },
      explain: { type: 'boolean' },
    },
  });
  const total = Number(values.transactions);
  const deviceCount = Number(values.devices);
  const runs = Number(values.runs);
  const say = (text) => !values.json && console.log(text);

  const { startEmbeddedDatabase } = await import('../apps/api/src/db/embedded.ts');
  const { createPool, runMigrations } = await import('../apps/api/src/db/client.ts');
  const { buildApp } = await import('../apps/api/src/app.ts');
  const { loadConfig } = await import('../apps/api/src/config.ts');
  const { createTokenService } = await import('../apps/api/src/auth/token-service.ts');
  const { createDatabase } = await import('../apps/api/src/db/client.ts');

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sbo-bench-money-'));
  const database = await startEmbeddedDatabase({ dataDir, preferredPort: 55432 });
  const pool = createPool(database.url, 10);
  try {
    await runMigrations(pool);
    const started = performance.now();
    // One merchant: its places, machines and sales, loaded set-based with the rollups (bench/lib/sales-data.mjs).
    const seeded = await seedSales(pool, { sales: total, devices: deviceCount, places: 10, say });
    const { id: merchantId, userId } = seeded.merchants[0];
    const loadSeconds = (performance.now() - started) / 1000;
    say(`generated ${total.toLocaleString('en')} transactions in ${loadSeconds.toFixed(0)} s`);

    const jwtSecret = 'bench-secret-that-is-long-enough-for-hs256-signing';
    const config = loadConfig({
      // A production start with no root account answers only its set-up page (modules/first-run).
      MODE: 'demo',
      JWT_SECRET: jwtSecret,
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      SETTLEMENT_JOB_SECONDS: '0',
    });
    const app = await buildApp({ config, pool });
    await app.ready();
    const { systemClock } = await import('../apps/api/src/lib/clock.ts');
    const jwt = await merchantToken({
      tokens: createTokenService(createDatabase(pool), jwtSecret, systemClock),
      userId,
      merchantId,
      get: async (url, headers) => (await app.inject({ method: 'GET', url, headers })).json(),
    });

    // Three-month windows spread over the two years, in the merchant's zone.
    const windows = Array.from({ length: runs }, (_, i) => {
      const end = new Date(Date.now() - ((i * 17) % 600) * 86_400_000);
      const start = new Date(end.getTime() - 89 * 86_400_000);
      const day = (d) => d.toISOString().slice(0, 10);
      return `from=${day(start)}&to=${day(end)}&tz=Asia/Taipei`;
    });
    const measure = async (name, url) => {
      const times = [];
      for (const window of windows) {
        const began = performance.now();
        const response = await app.inject({
          method: 'GET',
          url: url(window),
          headers: { authorization: `Bearer ${jwt}` },
        });
        times.push(performance.now() - began);
        if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
      }
      times.sort((a, b) => a - b);
      const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
      return { name, p50: Math.round(at(0.5) * 10) / 10, p95: Math.round(at(0.95) * 10) / 10 };
    };
    // One warm-up pass so every measured call sees a warm cache, as a merchant's second look does.
    await measure('warm-up', (w) => `/api/v1/revenue/statistics?${w}&groupBy=day`);
    if (values.explain) {
      // The statement behind a records page (the dashboard's latest sales), with its plan.
      const repo = await import('../apps/api/src/modules/transaction/repository.ts');
      const scope = { merchantId, deviceIds: null };
      const until = new Date();
      const from = new Date(until.getTime() - 90 * 86_400_000);
      const captured = await capturedSql((db) =>
        repo.listTransactions(db, scope, { from, until }, { page: 1, pageSize: 20, sort: 'createdAt', order: 'desc' }),
      );
      for (const plan of await explainCaptured(pool, captured)) console.log(plan);
    }
    const results = [
      await measure('statistics by day', (w) => `/api/v1/revenue/statistics?${w}&groupBy=day`),
      await measure('statistics by device', (w) => `/api/v1/revenue/statistics?${w}&groupBy=device`),
      await measure('statistics by gateway', (w) => `/api/v1/revenue/statistics?${w}&groupBy=payGateway`),
      await measure('records, first page', (w) => `/api/v1/transaction/list?${w}&pageSize=20`),
      await measure('records, page 50', (w) => `/api/v1/transaction/list?${w}&pageSize=20&page=50`),
      await measure('records, one place', (w) => `/api/v1/transaction/list?${w}&pageSize=20&placeId=3`),
      await measure('records, one device', (w) => `/api/v1/transaction/list?${w}&pageSize=20&deviceId=7`),
      // Today, yesterday (whole and up to now), this month and last month (whole and to date), machines, latest sales.
      await measure('dashboard overview', () => `/api/v1/dashboard/overview?tz=Asia/Taipei`),
    ];
    await app.close();
    if (values.json) {
      console.log(JSON.stringify({ transactions: total, devices: deviceCount, loadSeconds, results }));
    } else {
      console.log(`\n${'endpoint (3-month range)'.padEnd(28)}${'p50 ms'.padStart(10)}${'p95 ms'.padStart(10)}`);
      for (const r of results)
        console.log(`${r.name.padEnd(28)}${String(r.p50).padStart(10)}${String(r.p95).padStart(10)}`);
      console.log('\ngoals: statistics p95 < 150 ms, records page p95 < 100 ms');
    }
  } finally {
    await pool.end();
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
