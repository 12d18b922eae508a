#!/usr/bin/env node
/**
 * Checkout benchmark: starts the api (embedded PostgreSQL and MQTT broker, fresh data folder), seeds
 * a merchant with N washers bound, priced by a template, at a place taking LinePay (through the
 * sandbox), runs the simulator fleet against it (idle machines, no customers or faults, every paid
 * start accepted), then has N consumers check out at once, one per machine: machine view → order →
 * sandbox approve → return → poll until the machine is credited.
 *
 * Prints p50/p95/max from the return request (the gateway's confirmation) to the machine credited
 * (the order's `credited` time), the throughput, the counts (created, paid, credited/started,
 * refunded, failed) and whether any confirmed order was lost or doubled (not exactly one sale in
 * `transactions`): exits 1 if so. As a reference, the bare round trip of `GET /api/ready` at the
 * same concurrency.
 *
 *   node bench/checkout.mjs [--machines 200] [--concurrency 200] [--json]
 */
import { spawn } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { deviceSecretHasher, percentile, root, sleep, startApi, underTsx } from './lib/harness.mjs';

// The api's own hashing (apps/api/src/lib/device-secret.ts) is TypeScript: run again under tsx.
await underTsx(async () => {
  process.exitCode = await main();
});

async function main() {
  const { values } = parseArgs({
    options: {
      machines: { type: 'string', default: '200' },
      concurrency: { type: 'string', default: '200' },
      json: { type: 'boolean' },
    },
  });
  const count = Number(values.machines);
  const concurrency = Number(values.concurrency);
  const say = (text) => console.error(text);

  const api = await startApi({ env: { RATE_LIMIT_CHECKOUT_PER_MINUTE: '100000' } });
  const { base, mqttPort, dataDir } = api;
  let simulator = null;
  const stop = async () => {
    if (simulator && simulator.exitCode === null) {
      const gone = new Promise((resolve) => simulator.once('exit', resolve));
      simulator.kill('SIGINT');
      await gone;
    }
    await api.stop();
  };

  try {
    const db = await api.connectDb();
    say(`seeding ${count} machines...`);
    const fleet = await seed(db, count, await deviceSecretHasher(db));
    const fleetFile = path.join(dataDir, 'bench-fleet.json');
    writeFileSync(
      fleetFile,
      JSON.stringify(fleet.map(({ hwid, secret, kind, model }) => ({ hwid, secret, kind, model }))),
    );

    say('connecting the simulated fleet...');
    simulator = spawn(
      `${root}node_modules/.bin/tsx`,
      [
        'apps/simulator/src/cli.ts',
        ...['--fleet', fleetFile, '--url', `mqtt://127.0.0.1:${mqttPort}`],
        ...['--customers', '0', '--faults', '0', '--paid-failure-rate', '0', '--stats', '0', '--seed', 'bench'],
      ],
      { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    // Every machine free (online, idle, reported) and payable, as a consumer's phone would see it.
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (simulator.exitCode !== null) throw new Error('the simulator exited');
      const free = await db.query(
        `select count(*)::int as n from device_hardware h join device_state s on s.hwid = h.hwid
          where h.hwid = any($1) and s.online and s.report->>'status' = 'idle'`,
        [fleet.map((d) => d.hwid)],
      );
      if (free.rows[0].n >= count) break;
      if (Date.now() > deadline) throw new Error(`only ${free.rows[0].n}/${count} machines free after 120 s`);
      await sleep(500);
    }

    say(`reference: GET /api/ready, ${concurrency} at a time...`);
    const ready = await pool(Array.from({ length: Math.max(count, concurrency) * 3 }), concurrency, async () => {
      const t0 = performance.now();
      const response = await fetch(`${base}/api/ready`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`ready ${response.status}`);
      return performance.now() - t0;
    });

    say(`${count} checkouts, ${concurrency} at a time...`);
    const startedAt = performance.now();
    const results = await pool(fleet, concurrency, (machine) => checkout(base, machine).catch((error) => ({ error })));
    const seconds = (performance.now() - startedAt) / 1000;

    const confirmed = results.filter((r) => r.orderId && r.returnedAt);
    const orderIds = results.filter((r) => r.orderId).map((r) => r.orderId);
    const sales = await db.query(
      `select order_id, count(*)::int as n from transactions where order_id = any($1) group by 1`,
      [orderIds],
    );
    const salesOf = new Map(sales.rows.map((r) => [r.order_id, r.n]));
    const finals = await db.query(`select public_id, status from checkout_orders where public_id = any($1)`, [
      orderIds,
    ]);
    const statusOf = new Map(finals.rows.map((r) => [r.public_id, r.status]));
    const stored = await db.query(`select count(*)::int as n from checkout_orders where device_id = any($1)`, [
      fleet.map((d) => d.deviceId),
    ]);
    await db.end();

    // Every confirmed order (all were approved) has exactly one sale: none is lost, more is doubled.
    const lost = confirmed.filter((r) => !salesOf.get(r.orderId));
    const doubled = orderIds.filter((id) => (salesOf.get(id) ?? 0) > 1);
    const latencies = results.filter((r) => r.creditedMs !== undefined).map((r) => r.creditedMs);
    const returns = results.filter((r) => r.returnMs !== undefined).map((r) => r.returnMs);
    const countStatus = (...statuses) => orderIds.filter((id) => statuses.includes(statusOf.get(id))).length;
    const errors = results.filter((r) => r.error);
    for (const r of errors.slice(0, 5)) say(`  error: ${r.error.message ?? r.error}`);

    const p50 = percentile(latencies, 50);
    const readyP50 = percentile(ready, 50);
    const summary = {
      machines: count,
      concurrency,
      ordersCreated: orderIds.length,
      ordersStored: stored.rows[0].n,
      ordersPaid: confirmed.filter((r) => r.paid).length,
      creditedOrStarted: countStatus('credited', 'started'),
      refunded: countStatus('refunded'),
      failed: countStatus('failed') + errors.length,
      stillPaid: countStatus('paid'),
      lost: lost.length,
      doubled: doubled.length,
      confirmToCreditedP50Ms: p50,
      confirmToCreditedP95Ms: percentile(latencies, 95),
      confirmToCreditedMaxMs: percentile(latencies, 100),
      returnAnswerP50Ms: percentile(returns, 50),
      returnAnswerP95Ms: percentile(returns, 95),
      seconds: Math.round(seconds * 10) / 10,
      checkoutsPerSecond: Math.round((latencies.length / seconds) * 10) / 10,
      readyP50Ms: readyP50,
      readyP95Ms: percentile(ready, 95),
      confirmToCreditedVsReadyP50: readyP50 ? `${Math.round((p50 / readyP50) * 10) / 10}x` : null,
      cpus: os.cpus().length,
    };
    if (values.json) console.log(JSON.stringify(summary));
    else for (const [key, value] of Object.entries(summary)) console.log(`${key.padEnd(30)} ${value}`);
    const bad = summary.lost > 0 || summary.doubled > 0 || orderIds.length !== count;
    if (bad) say(`FAILED: ${summary.lost} lost, ${summary.doubled} doubled, ${orderIds.length}/${count} orders`);
    return bad ? 1 : 0;
  } finally {
    await stop();
  }
}

/** One consumer at one machine: view, order, approve on the sandbox page, return, wait for the credit. */
async function checkout(base, machine) {
  const json = async (url, init) => {
    const response = await fetch(url, init);
    const body = await response.json();
    if (!response.ok || body.result === undefined)
      throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
    return body.result;
  };
  const view = await json(`${base}/api/v1/checkout/machine?hwid=${machine.hwid}`);
  if (!view.canPay) throw new Error(`${machine.hwid} cannot pay: ${view.state}`);
  const { orderId, redirectUrl } = await json(`${base}/api/v1/checkout/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      deviceId: view.device.id,
      course: view.courses[0].code,
      gateway: view.methods[0].gateway,
      clientRequestId: randomUUID(),
    }),
  });
  const page = await fetch(new URL(redirectUrl, base));
  await page.text();
  const decided = await fetch(new URL(redirectUrl, base), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=approve',
    redirect: 'manual',
  });
  await decided.arrayBuffer();
  const returnUrl = decided.headers.get('location');
  if (decided.status !== 302 || !returnUrl) return { orderId, error: new Error(`sandbox answered ${decided.status}`) };

  const returnedAt = Date.now();
  const t0 = performance.now();
  const back = await fetch(new URL(returnUrl, base), { redirect: 'manual' });
  await back.arrayBuffer();
  const returnMs = performance.now() - t0;
  if (back.status !== 302) return { orderId, returnedAt, returnMs, error: new Error(`return answered ${back.status}`) };

  // The result page polls the order.
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(100)) {
    const order = await json(`${base}/api/v1/checkout/order/${orderId}`);
    if (['credited', 'started', 'refunded', 'failed'].includes(order.status)) {
      const paid = order.history.some((h) => h.status === 'paid');
      const credited = order.history.find((h) => h.status === 'credited' || h.status === 'started');
      return {
        orderId,
        returnedAt,
        returnMs,
        paid,
        status: order.status,
        ...(credited ? { creditedMs: Date.parse(credited.at) - returnedAt } : {}),
      };
    }
  }
  return { orderId, returnedAt, returnMs, paid: true, status: 'timeout' };
}

/** A merchant with mobile payment on, a place taking cash and LinePay, and `count` priced washers bound to controllers. */
async function seed(db, count, hash) {
  const merchant = await db.query(
    `insert into merchants (company_name, country, currency, timezone, mobile_payment_enabled)
     values ('Bench Laundry', 'TW', 'TWD', 'Asia/Taipei', true) returning id`,
  );
  const merchantId = merchant.rows[0].id;
  const hours = {
    enabled: false,
    timezone: 'Asia/Taipei',
    hours: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
  };
  const place = await db.query(
    `insert into places (merchant_id, title, address, type, business_hours) values ($1, 'Bench Place', 'No. 1, Bench Road', 3, $2) returning id`,
    [merchantId, JSON.stringify(hours)],
  );
  const placeId = place.rows[0].id;
  await db.query(`insert into place_payment_options (merchant_id, place_id, gateways) values ($1, $2, $3)`, [
    merchantId,
    placeId,
    ['offline', 'LinePay'],
  ]);
  const courses = [
    { course: 'standard', name: 'Standard', price: 6000, spentTime: 30 },
    { course: 'quick', name: 'Quick', price: 5000, spentTime: 21 },
  ];
  const template = await db.query(
    `insert into product_templates (merchant_id, name, type, price, spent_time, pulse, courses)
     values ($1, 'Bench wash', 'list', 6000, 30, 1000, $2) returning id`,
    [merchantId, JSON.stringify(courses)],
  );
  const key = randomBytes(16).toString('hex');
  const fleet = Array.from({ length: count }, (_, i) => {
    const hwid = `CHK${String(i + 1).padStart(5, '0')}`;
    return {
      hwid,
      kind: 'washer',
      model: 'AB3',
      secret: createHmac('sha256', key).update(hwid).digest('base64url').slice(0, 32),
    };
  });
  const hashes = fleet.map((d) => hash(d.secret));
  const ids = await db.query(
    `insert into devices (merchant_id, place_id, product_id, name, serial_num, machine_type, model)
     select $1, $2, $3, 'Washer ' || n, 'SN-' || h, 1, 'AB3' from unnest($4::text[]) with ordinality as u(h, n)
     order by n returning id`,
    [merchantId, placeId, template.rows[0].id, fleet.map((d) => d.hwid)],
  );
  await db.query(
    `insert into device_hardware (hwid, model, merchant_id, secret_hash, device_id, bound_at)
     select h, 'AB3', $1, s, d, now() from unnest($2::text[], $3::text[], $4::int[]) as u(h, s, d)`,
    [merchantId, fleet.map((d) => d.hwid), hashes, ids.rows.map((r) => r.id)],
  );
  return fleet.map((d, i) => ({ ...d, deviceId: ids.rows[i].id }));
}

/** Runs `work` over `items`, at most `limit` at a time; answers the results in order. */
async function pool(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
