#!/usr/bin/env node
/**
 * A phone's first visit, as Lighthouse's mobile profile sees it (simulated slow 4G and a 4x slower CPU):
 * the sign-in page a signed-out visitor lands on (first visit: empty HTTP cache), and the dashboard of the
 * signed-in owner (the app's files cached by the visit that signed in; --cold-dashboard adds runs with an
 * empty cache), each run twice. Starts the product itself (`npm start`, own ports, a fresh DATA_DIR) unless
 * --url names one that runs already with the demo seeded.
 *
 *   node bench/lighthouse.mjs [--url http://localhost:8080] [--runs 2] [--port 18810] [--cold-dashboard] [--save DIR] [--json]
 *
 * Chromium: Debian's /usr/bin/chromium (CHROME_PATH to use another).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { launchChromeForLighthouse, signInAsDemoOwner } from './lib/browser.mjs';
import { startProduct } from './lib/product.mjs';

const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const runs = Number(argument('runs', '2'));
const port = Number(argument('port', '18810'));
const asJson = process.argv.includes('--json');
// --save DIR keeps each run's full Lighthouse report (JSON) for a closer look.
const saveDir = argument('save');
const goals = { score: 90, lcpMs: 2500, cls: 0.1, tbtMs: 200 };

/** The product this run started (none when --url names one already running). */
let product = null;

const chrome = await launchChromeForLighthouse();
const results = [];
try {
  const base = argument('url') ?? (product = await startProduct({ port, name: 'lighthouse' })).url;
  // Playwright drives the same browser to sign in and to empty the HTTP cache between runs.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = browser.contexts()[0];
  const helper = await context.newPage();
  const cdp = await context.newCDPSession(helper);

  /** One Lighthouse navigation; the origin's storage (the session) is kept, the HTTP cache emptied when `cold`. */
  async function measure(page, address, { cold }) {
    if (cold) await cdp.send('Network.clearBrowserCache');
    const { lhr } = await lighthouse(address, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: true,
    });
    if (saveDir) {
      mkdirSync(saveDir, { recursive: true });
      writeFileSync(path.join(saveDir, `${page}-${results.length + 1}.json`), JSON.stringify(lhr));
    }
    const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const network = lhr.audits['network-requests']?.details?.items ?? [];
    results.push({
      page,
      cache: cold ? 'empty' : 'warm',
      address,
      landedOn: new URL(lhr.finalDisplayedUrl).pathname,
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcpMs: Math.round(metric('first-contentful-paint')),
      lcpMs: Math.round(metric('largest-contentful-paint')),
      tbtMs: Math.round(metric('total-blocking-time')),
      cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
      siMs: Math.round(metric('speed-index')),
      requests: network.length,
      transferKb: Math.round(network.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 102.4) / 10,
    });
  }

  // Signed out: the visitor asks for the dashboard and ends on the sign-in service's page.
  await helper.goto(`${base}/user-login?signedOut=1`);
  await helper.evaluate(() => localStorage.clear());
  for (let run = 0; run < runs; run += 1) await measure('sign-in', `${base}/dashboard`, { cold: true });

  // Signed in (the demo owner, Sunny Laundry Co. picked): the dashboard.
  await signInAsDemoOwner(helper, base);
  await helper.goto('about:blank');
  for (let run = 0; run < runs; run += 1) await measure('dashboard', `${base}/dashboard`, { cold: false });
  if (process.argv.includes('--cold-dashboard')) {
    for (let run = 0; run < runs; run += 1) await measure('dashboard', `${base}/dashboard`, { cold: true });
  }
  await browser.close().catch(() => {});
} finally {
  await chrome.kill();
  product?.stop();
}

if (asJson) {
  console.log(JSON.stringify({ goals, results }, null, 2));
} else {
  console.log(`Lighthouse mobile profile (simulated slow 4G, 4x CPU slowdown), ${runs} run(s) a page`);
  console.log('page       cache  landed on                 score  FCP ms  LCP ms  TBT ms    CLS  SI ms  requests  KB');
  for (const r of results) {
    console.log(
      `${r.page.padEnd(10)} ${r.cache.padEnd(6)} ${r.landedOn.slice(0, 24).padEnd(24)} ${String(r.score).padStart(6)} ${String(r.fcpMs).padStart(7)} ${String(r.lcpMs).padStart(7)} ${String(r.tbtMs).padStart(7)} ${r.cls.toFixed(3).padStart(6)} ${String(r.siMs).padStart(6)} ${String(r.requests).padStart(9)} ${String(r.transferKb).padStart(7)}`,
    );
  }
  console.log(`goals: score >= ${goals.score}, LCP < ${goals.lcpMs} ms, CLS < ${goals.cls}, TBT < ${goals.tbtMs} ms`);
}
const missed = results.filter(
  (r) => r.score < goals.score || r.lcpMs >= goals.lcpMs || r.cls >= goals.cls || r.tbtMs >= goals.tbtMs,
);
process.exitCode = missed.length > 0 ? 1 : 0;
