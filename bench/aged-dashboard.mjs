#!/usr/bin/env node
/**
 * A dashboard that has lived a while, as a phone sees it: Lighthouse's mobile profile (simulated slow 4G,
 * 4x slower CPU) on the owner's dashboard and device list of a product with a history, while its
 * simulated fleet keeps reporting.
 *
 * The product (`npm start`: demo seeded, the simulated fleet running; own ports, a fresh DATA_DIR) is aged
 * before measuring:
 * - **sales**: the demo's 90 days copied back quarter by quarter (`--history-quarters`, default 8: two
 *   years of sales; the daily revenue rollups follow by their triggers);
 * - **notifications**: the demo's notifications copied over the last 60 days to `--notifications` events
 *   (default 600), each in the inbox of the members who had the original, most of them read;
 * - **time**: `--age-minutes M` lets the product run with its fleet for M minutes more first (default 0).
 *
 * Then three runs (`--runs`) of each page with the app's files cached by the visit that signed in, the
 * fleet reporting meanwhile. Prints each run, then min / median / max per page, and the goals
 * (score >= 90, TBT < 200 ms, LCP < 2.5 s in every run; exit code 1 when a run misses one).
 *
 *   node bench/aged-dashboard.mjs [--runs 3] [--port 18840] [--history-quarters 8] [--notifications 600]
 *        [--age-minutes 0] [--pages dashboard,devices] [--save DIR] [--json]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { age } from './lib/age.mjs';
import { launchChromeForLighthouse, signInAsDemoOwner } from './lib/browser.mjs';
import { startProduct } from './lib/product.mjs';

const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const runs = Number(argument('runs', '3'));
const port = Number(argument('port', '18840'));
const quarters = Number(argument('history-quarters', '8'));
const notifications = Number(argument('notifications', '600'));
const ageMinutes = Number(argument('age-minutes', '0'));
const pages = argument('pages', 'dashboard,devices').split(',');
const saveDir = argument('save');
const asJson = process.argv.includes('--json');
const goals = { score: 90, lcpMs: 2500, tbtMs: 200 };
const addresses = { dashboard: '/dashboard', devices: '/device' };
const say = (text) => console.error(text);
const load = () => loadavg()[0].toFixed(1);

const product = await startProduct({ port, name: 'aged' });
const chrome = await launchChromeForLighthouse();
const results = [];
const aged = {};
try {
  const db = new pg.Client({
    host: '127.0.0.1',
    port: port + 1,
    user: 'postgres',
    database: 'back_office',
    password: readFileSync(path.join(product.dataDir, 'postgres-password'), 'utf8').trim(),
  });
  await db.connect();
  say('ageing the product: sales and notifications...');
  Object.assign(aged, await age(db, { quarters, notifications }));
  await db.end();
  if (ageMinutes > 0) {
    say(`letting the product run with its fleet for ${ageMinutes} min...`);
    await new Promise((resolve) => setTimeout(resolve, ageMinutes * 60_000));
  }

  const base = product.url;
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const helper = browser.contexts()[0].pages()[0] ?? (await browser.contexts()[0].newPage());
  await signInAsDemoOwner(helper, base);
  // Every page once, so the app's files (and each screen's chunk) are in the HTTP cache, as for an owner
  // who comes back to it.
  for (const page of pages) {
    await helper.goto(`${base}${addresses[page]}`);
    await helper.waitForLoadState('networkidle').catch(() => {});
  }
  await helper.goto('about:blank');
  for (const page of pages) {
    for (let run = 0; run < runs; run += 1) {
      const { lhr } = await lighthouse(`${base}${addresses[page]}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
      });
      if (saveDir) {
        mkdirSync(saveDir, { recursive: true });
        writeFileSync(path.join(saveDir, `${page}-${run + 1}.json`), JSON.stringify(lhr));
      }
      const metric = (id) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
      const work = lhr.audits['mainthread-work-breakdown']?.numericValue ?? NaN;
      results.push({
        page,
        run: run + 1,
        landedOn: new URL(lhr.finalDisplayedUrl).pathname,
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcpMs: metric('first-contentful-paint'),
        lcpMs: metric('largest-contentful-paint'),
        tbtMs: metric('total-blocking-time'),
        cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
        mainThreadMs: Math.round(work),
        requests: lhr.audits['network-requests']?.details?.items?.length ?? 0,
        load: load(),
      });
      say(`  ${page} run ${run + 1}: ${JSON.stringify(results.at(-1))}`);
    }
  }
  await browser.close().catch(() => {});
} finally {
  await chrome.kill();
  product.stop();
}

const spread = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${sorted[0]} / ${sorted[Math.floor((sorted.length - 1) / 2)]} / ${sorted.at(-1)}`;
};
if (asJson) {
  console.log(JSON.stringify({ goals, aged, results }, null, 2));
} else {
  console.log(`Aged product: ${JSON.stringify(aged)}`);
  console.log(`Lighthouse mobile profile (simulated slow 4G, 4x CPU slowdown), warm cache, ${runs} run(s) a page`);
  console.log('page       run  score  FCP ms  LCP ms  TBT ms    CLS  main thread ms  requests  load');
  for (const r of results) {
    console.log(
      `${r.page.padEnd(10)} ${String(r.run).padStart(3)} ${String(r.score).padStart(6)} ${String(r.fcpMs).padStart(7)} ${String(r.lcpMs).padStart(7)} ${String(r.tbtMs).padStart(7)} ${r.cls.toFixed(3).padStart(6)} ${String(r.mainThreadMs).padStart(15)} ${String(r.requests).padStart(9)} ${r.load.padStart(5)}`,
    );
  }
  for (const page of pages) {
    const mine = results.filter((r) => r.page === page);
    if (mine.length === 0) continue;
    console.log(
      `${page}: score ${spread(mine.map((r) => r.score))}, LCP ${spread(mine.map((r) => r.lcpMs))} ms, TBT ${spread(mine.map((r) => r.tbtMs))} ms (min / median / max)`,
    );
  }
  console.log(`goals: score >= ${goals.score}, LCP < ${goals.lcpMs} ms, TBT < ${goals.tbtMs} ms, in every run`);
}
const missed = results.filter((r) => r.score < goals.score || r.lcpMs >= goals.lcpMs || r.tbtMs >= goals.tbtMs);
process.exitCode = missed.length > 0 ? 1 : 0;
