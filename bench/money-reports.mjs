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
    const { merchantId, userId } = await generate(pool, { total, deviceCount, say });
    const loadSeconds = (performance.now() - started) / 1000;
    say(`generated ${total.toLocaleString('en')} transactions in ${loadSeconds.toFixed(0)} s`);

    const jwtSecret = 'bench-secret-that-is-long-enough-for-hs256-signing';
    const config = loadConfig({
      JWT_SECRET: jwtSecret,
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      SETTLEMENT_JOB_SECONDS: '0',
    });
    const app = await buildApp({ config, pool });
    await app.ready();
    const { systemClock } = await import('../apps/api/src/lib/clock.ts');
    const tokens = createTokenService(createDatabase(pool), jwtSecret, systemClock);
    const login = await tokens.issueLogin(userId);
    const picked = await app.inject({
      method: 'GET',
      url: `/api/v1/merchant/${merchantId}/login`,
      headers: { authorization: `Bearer ${login.jwt}` },
    });
    const jwt = picked.json().result.jwt;

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
      // The statements behind a records page, with their plans (log_min_duration_statement would also do).
      await pool.query(`load 'auto_explain'`).catch(() => undefined);
      const client = await pool.connect();
      await client.query(`set auto_explain.log_min_duration = 0`).catch(() => undefined);
      client.release();
      const { sql } = await import('drizzle-orm');
      const repo = await import('../apps/api/src/modules/transaction/repository.ts');
      const { PgDialect } = await import('drizzle-orm/pg-core');
      const scope = { merchantId, deviceIds: null };
      const until = new Date();
      const from = new Date(until.getTime() - 90 * 86_400_000);
      const captured = [];
      const spy = { execute: async (query) => captured.push(new PgDialect().sqlToQuery(query)) ?? { rows: [] } };
      await repo
        .listTransactions(spy, scope, { from, until }, { page: 1, pageSize: 20, sort: 'createdAt', order: 'desc' })
        .catch(() => undefined);
      for (const query of captured) {
        const plan = await pool.query(`explain analyze ${query.sql}`, query.params);
        console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
      }
      void sql;
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

/** One merchant, places, machines and `total` sales over two years, loaded in bulk; then the rollup. */
async function generate(pool, { total, deviceCount, say }) {
  const client = await pool.connect();
  try {
    const merchant = await client.query(
      `insert into merchants (company_name, country, currency, timezone) values ('Bench Laundry', 'TW', 'TWD', 'Asia/Taipei') returning id`,
    );
    const merchantId = merchant.rows[0].id;
    const user = await client.query(
      `insert into users (email, nick_name) values ('bench@example.com', 'Bench') returning id`,
    );
    const userId = user.rows[0].id;
    await client.query(
      `insert into merchant_members (merchant_id, user_id, role, permission_groups)
      values ($1, $2, 'merchant', '{memberManagement,transaction,remoteControl,notification}')`,
      [merchantId, userId],
    );
    await client.query(
      `insert into places (merchant_id, title, address, type, business_hours)
       select $1, 'Shop ' || g, 'Street ' || g, 3, '{"enabled":false,"timezone":"Asia/Taipei","hours":{}}'::jsonb
         from generate_series(1, 10) g`,
      [merchantId],
    );
    await client.query(
      `insert into devices (merchant_id, place_id, name, serial_num, machine_type, model)
       select $1, (select min(id) from places where merchant_id = $1) + (g % 10), 'Machine ' || g, 'SN-' || g,
              (array[1, 1, 2, 3, 6, 10])[1 + g % 6], 'AB3'
         from generate_series(1, $2::int) g`,
      [merchantId, deviceCount],
    );
    const firstDevice = (await client.query(`select min(id) as id from devices where merchant_id = $1`, [merchantId]))
      .rows[0].id;
    // Bulk load without the row trigger; the rollup is built in one pass afterwards.
    await client.query('alter table transactions disable trigger user');
    const chunk = 500_000;
    for (let from = 0; from < total; from += chunk) {
      const to = Math.min(total, from + chunk);
      await client.query(
        `insert into transactions (merchant_id, device_id, place_id, machine_type, pay_gateway, status, currency,
                                   total, collected, fee, created_at, expect_posting_at)
         select $1, d.id, d.place_id, d.machine_type, gw.name,
                case gw.kind when 'cash' then 0 when 'self' then 5 else 2 end, 'TWD',
                amount, amount, case gw.kind when 'platform' then (amount * 300 + 5000) / 10000 else 0 end,
                at, case gw.kind when 'platform' then at + interval '3 days' end
           from (select g, now() - (random() * interval '730 days') as at,
                        (array[5000, 6000, 8000, 3000, 12000])[1 + (g % 5)] as amount
                   from generate_series($2::int, $3::int) g) s
           join devices d on d.id = $4 + (s.g % $5)
           join (values (0, 'offline', 'cash'), (1, 'LinePay', 'platform'), (2, 'JkoPay', 'platform'),
                        (3, 'offline', 'cash'), (4, 'EDC', 'self'), (5, 'TWQR', 'platform'), (6, 'offline', 'cash'))
                as gw(k, name, kind) on gw.k = s.g % 7`,
        [merchantId, from + 1, to, firstDevice, deviceCount],
      );
      say(`  ${to.toLocaleString('en')} transactions`);
    }
    await client.query('alter table transactions enable trigger user');
    await client.query(
      `insert into revenue_daily (merchant_id, day, device_id, place_id, machine_type, pay_gateway,
                                  count, total, reward, balance, encore, refund, collected, fee)
       select t.merchant_id, (t.created_at at time zone 'Asia/Taipei')::date, coalesce(t.device_id, 0),
              coalesce(t.place_id, 0), coalesce(t.machine_type, 0), t.pay_gateway, count(*), sum(t.total),
              sum(t.reward), sum(t.balance), sum(t.encore), sum(t.refund), sum(t.collected), sum(t.fee)
         from transactions t where t.merchant_id = $1 group by 1, 2, 3, 4, 5, 6`,
      [merchantId],
    );
    await client.query(
      `insert into revenue_daily_place (merchant_id, day, place_id, machine_type, pay_gateway,
                                        count, total, reward, balance, encore, refund, collected, fee)
       select merchant_id, day, place_id, machine_type, pay_gateway, sum(count), sum(total), sum(reward),
              sum(balance), sum(encore), sum(refund), sum(collected), sum(fee)
         from revenue_daily where merchant_id = $1 group by 1, 2, 3, 4, 5`,
      [merchantId],
    );
    await client.query('analyze');
    return { merchantId, userId };
  } finally {
    client.release();
  }
}
