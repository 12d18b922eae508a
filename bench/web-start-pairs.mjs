#!/usr/bin/env node
/**
 * Two builds of the web app compared on a phone's start of the aged dashboard and device list, in CPU time.
 * Lighthouse's blocking time on this shared machine swings with its load by more than a change moves it
 * (docs/performance.md, "a dashboard that has lived a while"); loads of the two builds in turn, in pairs,
 * meet the same load.
 *
 * Each build (a folder `npm run build -w apps/web` wrote, copied elsewhere) is served by a product of its
 * own (`npm start` with WEB_DIST, own ports, fresh DATA_DIR, its fleet reporting), aged as
 * bench/aged-dashboard.mjs ages one (lib/age.mjs). Debian's Chromium, a phone's viewport, signed in as the
 * demo owner, the app's files cached, no throttling: each pair opens the page once with each build (which
 * goes first alternates), traced. Per load: the main thread's CPU time, the tasks over 12.5 ms of CPU (long
 * at Lighthouse's 4x slowdown), the longest, and the blocking time they imply (sum of 4 x CPU - 50 ms);
 * then min / median / max per build and page, and the ratio of the medians (b / a).
 *
 *   node bench/web-start-pairs.mjs --a DIR --b DIR [--pairs 8] [--pages dashboard,device] [--port 18850] [--json]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { age } from './lib/age.mjs';
import { launchChromium, phoneContext, signInAsDemoOwner } from './lib/browser.mjs';
import { mainThreadTasks, taskFigures } from './lib/main-thread.mjs';
import { startProduct } from './lib/product.mjs';

const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const builds = { a: argument('a'), b: argument('b') };
if (!builds.a || !builds.b) throw new Error('--a DIR and --b DIR name the two builds to compare');
const pairs = Number(argument('pairs', '8'));
const pageNames = argument('pages', 'dashboard,device').split(',');
const port = Number(argument('port', '18850'));
const say = (text) => console.error(text);
/** Each page's address and what shows once its content has arrived. */
const pages = {
  dashboard: { path: '/dashboard', ready: '[data-testid="recent-transactions"]' },
  device: { path: '/device', ready: '.device-row' },
};

const median = (values) => {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function agedProduct(name, offset) {
  const product = await startProduct({ port: port + offset, name, env: { WEB_DIST: path.resolve(builds[name]) } });
  const db = new pg.Client({
    host: '127.0.0.1',
    port: port + offset + 1,
    user: 'postgres',
    database: 'back_office',
    password: readFileSync(path.join(product.dataDir, 'postgres-password'), 'utf8').trim(),
  });
  await db.connect();
  await age(db);
  await db.end();
  return product;
}

say('starting and ageing two products...');
const products = { a: await agedProduct('a', 0), b: await agedProduct('b', 10) };
const browser = await launchChromium();
const traceDir = mkdtempSync(path.join(tmpdir(), 'sbo-pairs-'));
const results = [];
try {
  const context = await browser.newContext(phoneContext);
  const tabs = {};
  for (const name of ['a', 'b']) {
    tabs[name] = await context.newPage();
    await signInAsDemoOwner(tabs[name], products[name].url);
    // Every page once, so each run finds the app's files cached.
    for (const pageName of pageNames) {
      await tabs[name].goto(`${products[name].url}${pages[pageName].path}`);
      await tabs[name].locator(pages[pageName].ready).first().waitFor();
    }
  }
  for (const pageName of pageNames) {
    for (let pair = 1; pair <= pairs; pair += 1) {
      for (const name of pair % 2 ? ['a', 'b'] : ['b', 'a']) {
        const tab = tabs[name];
        const traceFile = path.join(traceDir, `${name}.json`);
        await tab.goto('about:blank');
        const load = loadavg()[0];
        await browser.startTracing(tab, {
          path: traceFile,
          categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'],
        });
        await tab.goto(`${products[name].url}${pages[pageName].path}`);
        await tab.locator(pages[pageName].ready).first().waitFor();
        // What the arrival of the content sets off (the rest of the list, effects, layout) is part of the start.
        await tab.waitForTimeout(2000);
        await browser.stopTracing();
        const tasks = mainThreadTasks(traceFile);
        const { long: _long, ...figures } = taskFigures(tasks);
        const result = { page: pageName, pair, build: name, load: Math.round(load * 10) / 10, ...figures };
        results.push(result);
        say(`  ${JSON.stringify(result)}`);
      }
    }
  }
} finally {
  await browser.close();
  products.a.stop();
  products.b.stop();
  rmSync(traceDir, { recursive: true, force: true });
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(results, null, 2));
} else {
  console.log(`a: ${builds.a}\nb: ${builds.b}`);
  console.log(
    'Phone start, app files cached, main thread in CPU time (no throttling); min / median / max of the loads',
  );
  console.log(
    'page       build  CPU ms               tasks > 12.5 ms   longest ms           TBT at 4x by CPU ms   load',
  );
  for (const pageName of pageNames) {
    const medians = {};
    for (const name of ['a', 'b']) {
      const own = results.filter((r) => r.page === pageName && r.build === name);
      const spread = (key) => {
        const values = own.map((r) => r[key]);
        return `${Math.min(...values)} / ${Math.round(median(values) * 10) / 10} / ${Math.max(...values)}`;
      };
      medians[name] = median(own.map((r) => r.tbtAt4xMs));
      console.log(
        `${pageName.padEnd(10)} ${name.padEnd(6)} ${spread('cpuMs').padEnd(20)} ${spread('longTasks').padEnd(17)} ${spread('longestMs').padEnd(20)} ${spread('tbtAt4xMs').padEnd(21)} ${spread('load')}`,
      );
    }
    console.log(`${pageName.padEnd(10)} TBT at 4x by CPU, median b / a: ${(medians.b / medians.a).toFixed(2)}`);
  }
}
