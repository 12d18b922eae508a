#!/usr/bin/env node
/**
 * The signed-in dashboard's start on the browser's main thread, counted in CPU time rather than elapsed
 * time: what Lighthouse's blocking time measures, without the machine's other work in it. Lighthouse
 * multiplies each task's elapsed time by its 4x CPU slowdown, so on a busy machine (every task waiting
 * for a core) its TBT grows with the load; each task's thread time (the trace's `tdur`) does not.
 *
 * Chromium (Debian's, no CPU throttling) opens /dashboard as the demo owner with the app's files cached,
 * traces it, and prints per run: the main thread's CPU time until the overview shows, the tasks that would
 * be long at Lighthouse's 4x slowdown (over 12.5 ms of CPU) and the blocking time they imply
 * (sum of 4 x CPU - 50 ms). Starts the product itself (`npm start`, own ports, fresh DATA_DIR) unless
 * --url names one that runs already with the demo seeded.
 *
 *   node bench/web-main-thread.mjs [--url http://localhost:8080] [--runs 3] [--port 18830] [--json]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { launchChromium, phoneContext, signInAsDemoOwner } from './lib/browser.mjs';
import { mainThreadTasks, taskFigures } from './lib/main-thread.mjs';
import { startProduct } from './lib/product.mjs';

const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const runs = Number(argument('runs', '3'));
const port = Number(argument('port', '18830'));

/** The product this run started (none when --url names one already running). */
let product = null;

const browser = await launchChromium();
const results = [];
try {
  const base = argument('url') ?? (product = await startProduct({ port, name: 'main-thread' })).url;
  const context = await browser.newContext(phoneContext);
  const page = await context.newPage();
  await signInAsDemoOwner(page, base);
  // One visit first, so every run finds the app's files cached.
  await page.goto(`${base}/dashboard`);
  await page.getByTestId('recent-transactions').waitFor();
  const traceFile = path.join(mkdtempSync(path.join(tmpdir(), 'sbo-trace-')), 'trace.json');
  for (let run = 0; run < runs; run += 1) {
    await page.goto('about:blank');
    const load = loadavg()[0];
    await browser.startTracing(page, {
      path: traceFile,
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing'],
    });
    await page.goto(`${base}/dashboard`);
    // The overview's last part (it renders after the first, in a later task).
    await page.getByTestId('recent-transactions').waitFor();
    await page.waitForTimeout(500);
    await browser.stopTracing();
    const tasks = mainThreadTasks(traceFile);
    const { long, ...figures } = taskFigures(tasks);
    results.push({
      load: Math.round(load * 10) / 10,
      ...figures,
      elapsedOverCpu:
        Math.round((tasks.reduce((s, t) => s + t.wallMs, 0) / tasks.reduce((s, t) => s + t.cpuMs, 0)) * 10) / 10,
      long: long.map((task) => `${Math.round(task.atMs)} ms: ${task.cpuMs.toFixed(1)}`),
    });
  }
  rmSync(path.dirname(traceFile), { recursive: true, force: true });
} finally {
  await browser.close();
  product?.stop();
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(results, null, 2));
} else {
  console.log('Signed-in dashboard, app files cached, main thread in CPU time (no throttling)');
  console.log('run  load  CPU ms  tasks > 12.5 ms  longest ms  TBT at 4x ms  elapsed/CPU  long tasks (start: CPU ms)');
  results.forEach((r, index) =>
    console.log(
      `${String(index + 1).padStart(3)} ${String(r.load).padStart(5)} ${String(r.cpuMs).padStart(7)} ${String(r.longTasks).padStart(16)} ${String(r.longestMs).padStart(11)} ${String(r.tbtAt4xMs).padStart(13)} ${String(r.elapsedOverCpu).padStart(12)}  ${r.long.join(', ')}`,
    ),
  );
  console.log(
    'TBT at 4x: what Lighthouse would count on an idle machine; elapsed/CPU: how much the load stretched the tasks',
  );
}
