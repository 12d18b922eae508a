#!/usr/bin/env node
/**
 * A customer's first look at a machine's checkout page (the address its QR code prints), on a phone:
 *
 * - Lighthouse's mobile profile (simulated slow 4G, 4x slower CPU), empty HTTP cache: score, FCP, LCP, TBT, CLS;
 * - the same visit in a plain headless browser (no throttling), empty cache: the requests made and the
 *   compressed JavaScript downloaded until the machine's state shows (`.checkout-state`), and that time.
 *
 * Each `--runs` times (3 by default), then min / median / max of each figure. Starts the product itself
 * (`npm start`, own ports, a fresh DATA_DIR, the demo seeded) unless --url names one already running;
 * WEB_DIST in the environment picks the built web app it serves (e.g. an older build, to compare).
 *
 *   npx node bench/consumer-checkout.mjs [--url http://localhost:8080] [--runs 3] [--port 18830]
 *     [--path /custom/checkout?hwid=SUNNY-W01] [--label after] [--json]
 */
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { launchChromeForLighthouse, launchChromium } from './lib/browser.mjs';
import { startProduct } from './lib/product.mjs';

const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const runs = Number(argument('runs', '3'));
const port = Number(argument('port', '18830'));
const address = argument('path', '/custom/checkout?hwid=SUNNY-W01');
const label = argument('label', process.env.WEB_DIST ? 'WEB_DIST build' : 'this build');
const asJson = process.argv.includes('--json');
// The targets for the consumer page.
const goals = { score: 95, lcpMs: 1500, requests: 20, jsKb: 60 };

let product = null;
const chrome = await launchChromeForLighthouse();
const lighthouseRuns = [];
const browserRuns = [];
try {
  const base = argument('url') ?? (product = await startProduct({ port, name: 'consumer-checkout' })).url;
  const url = `${base}${address}`;
  const cdpBrowser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const helper = await cdpBrowser.contexts()[0].newPage();
  const cdp = await helper.context().newCDPSession(helper);

  for (let run = 0; run < runs; run += 1) {
    await cdp.send('Network.clearBrowserCache');
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      formFactor: 'mobile',
    });
    const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const network = lhr.audits['network-requests']?.details?.items ?? [];
    lighthouseRuns.push({
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcpMs: Math.round(metric('first-contentful-paint')),
      lcpMs: Math.round(metric('largest-contentful-paint')),
      tbtMs: Math.round(metric('total-blocking-time')),
      cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
      lhRequests: network.length,
    });
  }
  await cdpBrowser.close().catch(() => {});

  // A fresh browser context each run: an empty cache, no storage; the phone's viewport and language.
  const browser = await launchChromium();
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-TW' });
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Network.enable');
    const requests = new Map();
    let shown = false;
    session.on('Network.responseReceived', ({ requestId, type, response }) => {
      if (!shown) requests.set(requestId, { type, url: response.url, bytes: 0 });
    });
    session.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const request = requests.get(requestId);
      if (request) request.bytes = encodedDataLength;
    });
    const started = Date.now();
    await page.goto(url);
    await page.locator('.checkout-state').first().waitFor({ timeout: 60_000 });
    const stateMs = Date.now() - started;
    shown = true;
    const seen = [...requests.values()];
    const script = seen.filter((request) => request.type === 'Script');
    browserRuns.push({
      stateMs,
      requests: seen.length,
      jsFiles: script.length,
      jsKb: Math.round(script.reduce((sum, request) => sum + request.bytes, 0) / 102.4) / 10,
      allKb: Math.round(seen.reduce((sum, request) => sum + request.bytes, 0) / 102.4) / 10,
    });
    await context.close();
  }
  await browser.close();
} finally {
  await chrome.kill();
  product?.stop();
}

const spread = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0], median: sorted[Math.floor((sorted.length - 1) / 2)], max: sorted.at(-1) };
};
const figures = {
  'Lighthouse score': spread(lighthouseRuns.map((r) => r.score)),
  'FCP ms': spread(lighthouseRuns.map((r) => r.fcpMs)),
  'LCP ms': spread(lighthouseRuns.map((r) => r.lcpMs)),
  'TBT ms': spread(lighthouseRuns.map((r) => r.tbtMs)),
  CLS: spread(lighthouseRuns.map((r) => r.cls)),
  'requests until state shows': spread(browserRuns.map((r) => r.requests)),
  'JS files until state shows': spread(browserRuns.map((r) => r.jsFiles)),
  'JS KB (compressed) until state shows': spread(browserRuns.map((r) => r.jsKb)),
  'all KB until state shows': spread(browserRuns.map((r) => r.allKb)),
  'ms until state shows (no throttling)': spread(browserRuns.map((r) => r.stateMs)),
};
const met =
  figures['Lighthouse score'].min >= goals.score &&
  figures['LCP ms'].max < goals.lcpMs &&
  figures['requests until state shows'].max <= goals.requests &&
  figures['JS KB (compressed) until state shows'].max <= goals.jsKb;

if (asJson) {
  console.log(JSON.stringify({ label, address, runs, goals, figures, lighthouseRuns, browserRuns, met }, null, 2));
} else {
  console.log(`${label}: ${address}, first visit with an empty cache, ${runs} runs (min / median / max)`);
  for (const [name, { min, median, max }] of Object.entries(figures))
    console.log(
      `  ${name.padEnd(40)} ${String(min).padStart(8)} ${String(median).padStart(8)} ${String(max).padStart(8)}`,
    );
  console.log(
    `goals: score >= ${goals.score}, LCP < ${goals.lcpMs} ms, <= ${goals.requests} requests and <= ${goals.jsKb} KB of JS before the state shows: ${met ? 'met' : 'NOT met'}`,
  );
}
process.exitCode = met ? 0 : 1;
