#!/usr/bin/env node
/**
 * The Grafana dashboard in docs/grafana-dashboard.json, filled by a running demo and drawn as a picture.
 *
 * Grafana is neither in Debian nor on npm, so this reads the dashboard the way Grafana would: it starts the
 * product (`npm start`'s demo with its simulated fleet, /metrics on a port of its own), has Debian's
 * Prometheus scrape it every 5 s, signs a browser in as the demo owner and walks a few screens meanwhile
 * (HTTP traffic), then runs every panel's PromQL over the window through Prometheus' HTTP API, exactly as
 * written in the JSON, and draws each panel with its title, unit, legend format and grid position.
 * A panel whose query fails stops the run; one with no series is drawn as "No data" and listed.
 *
 *   node bench/dashboard-preview.mjs [--minutes 6] [--port 18860] [--out docs/images/dashboard-preview.png]
 *
 * Needs /usr/bin/prometheus (`apt-get install -y prometheus`) and Chromium at /usr/bin/chromium.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, signInAsDemoOwner } from './lib/browser.mjs';
import { startProduct } from './lib/product.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const minutes = Number(argument('minutes', '6'));
const port = Number(argument('port', '18860'));
const out = path.resolve(root, argument('out', 'docs/images/dashboard-preview.png'));
const prometheusPort = port + 10;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

if (!existsSync('/usr/bin/prometheus')) {
  console.error('Prometheus is missing: apt-get install -y prometheus');
  process.exit(2);
}
const dashboard = JSON.parse(readFileSync(path.join(root, 'docs/grafana-dashboard.json'), 'utf8'));

/** Debian's Prometheus scraping the product's /metrics every 5 s, its data in a temporary folder. */
async function startPrometheus(metricsPort) {
  const dir = mkdtempSync(path.join(tmpdir(), 'sbo-prometheus-'));
  const config = [
    'global:',
    '  scrape_interval: 5s',
    'scrape_configs:',
    '  - job_name: back-office',
    '    static_configs:',
    `      - targets: ['127.0.0.1:${metricsPort}']`,
  ].join('\n');
  writeFileSync(path.join(dir, 'prometheus.yml'), `${config}\n`);
  const child = spawn(
    '/usr/bin/prometheus',
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${prometheusPort}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr.on('data', (chunk) => (log = (log + chunk).slice(-4000)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${prometheusPort}/-/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`Prometheus did not start:\n${log}`);
    await sleep(250);
  }
  return {
    stop() {
      child.kill('SIGTERM');
      setTimeout(() => rmSync(dir, { recursive: true, force: true }), 2000).unref();
    },
  };
}

/** A signed-in owner walking a few screens until `until`: the HTTP panels' traffic. */
async function browse(base, until) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    await signInAsDemoOwner(page, base);
    const screens = [
      '/dashboard',
      '/device',
      '/dashboard/transaction-record',
      '/dashboard/revenue-statistics',
      '/product',
    ];
    for (let visit = 0; Date.now() < until; visit += 1) {
      await page.goto(`${base}${screens[visit % screens.length]}`).catch(() => undefined);
      await sleep(4000);
    }
  } finally {
    await browser.close();
  }
}

/** One panel's series over the window, from Prometheus' range query API. */
async function queryRange(expr, start, end) {
  const url = new URL(`http://127.0.0.1:${prometheusPort}/api/v1/query_range`);
  url.search = new URLSearchParams({ query: expr, start: String(start), end: String(end), step: '15' }).toString();
  const body = await (await fetch(url)).json();
  if (body.status !== 'success') throw new Error(`${expr}: ${body.errorType} ${body.error}`);
  return body.data.result;
}

/** Grafana's `{{label}}` legend format filled from a series' labels. */
const legendOf = (format, metric) =>
  format ? format.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) => metric[name] ?? '') : JSON.stringify(metric);

function pageHtml(panels, from, to) {
  const echarts = readFileSync(path.join(root, 'node_modules/echarts/dist/echarts.min.js'), 'utf8');
  const rowHeight = 30;
  const cells = panels
    .map(
      (panel, index) => `<section class="panel" style="grid-column:${panel.gridPos.x + 1} / span ${panel.gridPos.w};
        grid-row:${panel.gridPos.y + 1} / span ${panel.gridPos.h}"><h2>${panel.title}</h2>
        <div class="chart" id="chart-${index}"></div></section>`,
    )
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    body { margin: 0; background: #111217; color: #ccccdc; font: 13px Inter, 'Noto Sans', sans-serif; }
    header { padding: 12px 16px; display: flex; justify-content: space-between; border-bottom: 1px solid #2a2d35; }
    header h1 { font-size: 16px; margin: 0; font-weight: 500; }
    main { display: grid; grid-template-columns: repeat(24, 1fr); grid-auto-rows: ${rowHeight}px; gap: 8px; padding: 8px; }
    .panel { background: #181b1f; border: 1px solid #2a2d35; border-radius: 2px; display: flex; flex-direction: column; min-width: 0; }
    .panel h2 { font-size: 13px; font-weight: 500; margin: 6px 8px 0; }
    .chart { flex: 1; min-height: 0; }
  </style><script>${echarts}</script></head><body>
  <header><h1>${dashboard.title}</h1><span>${new Date(from * 1000).toISOString().slice(11, 16)} to ${new Date(to * 1000).toISOString().slice(11, 16)} UTC · Prometheus, every panel's query as written</span></header>
  <main>${cells}</main>
  <script>
    const panels = ${JSON.stringify(panels)};
    const units = { reqps: (v) => v.toFixed(2) + ' req/s', s: (v) => (v < 1 ? (v * 1000).toFixed(0) + ' ms' : v.toFixed(2) + ' s'),
      bytes: (v) => (v / 1048576).toFixed(0) + ' MiB', percentunit: (v) => (v * 100).toFixed(1) + '%' };
    panels.forEach((panel, index) => {
      const chart = echarts.init(document.getElementById('chart-' + index), null, { renderer: 'canvas' });
      const format = units[panel.unit] ?? ((v) => (Math.abs(v) >= 100 ? v.toFixed(0) : v.toPrecision(3)));
      chart.setOption({
        animation: false,
        backgroundColor: 'transparent',
        color: ['#73bf69', '#f2cc0c', '#8ab8ff', '#ff780a', '#f2495c', '#5794f2', '#b877d9', '#705da0', '#37872d', '#fade2a'],
        title: panel.series.length ? undefined : { text: 'No data', left: 'center', top: 'middle', textStyle: { color: '#8e8e8e', fontSize: 14 } },
        grid: { left: 8, right: 12, top: 12, bottom: panel.series.length > 4 ? 64 : 40, containLabel: true },
        legend: { bottom: 0, type: 'scroll', textStyle: { color: '#ccccdc', fontSize: 11 }, pageTextStyle: { color: '#ccccdc' }, icon: 'rect', itemWidth: 10, itemHeight: 3 },
        xAxis: { type: 'time', min: ${from * 1000}, max: ${to * 1000}, axisLabel: { color: '#8e8e8e', formatter: '{HH}:{mm}' }, axisLine: { lineStyle: { color: '#2a2d35' } }, splitLine: { show: false } },
        yAxis: { type: 'value', axisLabel: { color: '#8e8e8e', formatter: format }, splitLine: { lineStyle: { color: '#2a2d35' } } },
        series: panel.series.map((s) => ({ name: s.name, type: 'line', showSymbol: false, lineStyle: { width: 1.5 }, data: s.points })),
      });
    });
    document.body.dataset.drawn = 'yes';
  </script></body></html>`;
}

const load = [loadavg()[0]];
console.log(`Starting the demo with /metrics, Prometheus and a browser for ${minutes} minutes...`);
const product = await startProduct({ port, name: 'dashboard', metrics: true });
let prometheus;
try {
  prometheus = await startPrometheus(port + 3);
  const from = Math.floor(Date.now() / 1000);
  const until = Date.now() + minutes * 60_000;
  const sampler = setInterval(() => load.push(loadavg()[0]), 10_000);
  await browse(product.url, until);
  clearInterval(sampler);
  await sleep(Math.max(0, until - Date.now()) + 6000);
  const to = Math.floor(Date.now() / 1000);

  const panels = [];
  for (const panel of dashboard.panels) {
    const series = [];
    for (const target of panel.targets ?? []) {
      for (const result of await queryRange(target.expr, from, to)) {
        series.push({
          name: legendOf(target.legendFormat, result.metric) || panel.title,
          points: result.values.map(([time, value]) => [time * 1000, Number(value)]),
        });
      }
    }
    panels.push({ title: panel.title, gridPos: panel.gridPos, unit: panel.fieldConfig?.defaults?.unit, series });
  }

  const htmlFile = path.join(mkdtempSync(path.join(tmpdir(), 'sbo-dashboard-')), 'dashboard.html');
  writeFileSync(htmlFile, pageHtml(panels, from, to));
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  await page.goto(`file://${htmlFile}`);
  await page.waitForSelector('body[data-drawn=yes]');
  mkdirSync(path.dirname(out), { recursive: true });
  await page.screenshot({ path: out, fullPage: true, animations: 'disabled' });
  await browser.close();

  console.log(`\n${'Panel'.padEnd(40)} ${'series'.padStart(6)}  last values`);
  for (const panel of panels) {
    const last = panel.series
      .slice(0, 3)
      .map((s) => `${s.name}=${Number(s.points.at(-1)?.[1] ?? NaN).toPrecision(3)}`)
      .join(', ');
    console.log(`${panel.title.padEnd(40)} ${String(panel.series.length).padStart(6)}  ${last || 'No data'}`);
  }
  const empty = panels.filter((panel) => panel.series.length === 0).map((panel) => panel.title);
  load.sort((a, b) => a - b);
  console.log(
    `\nPanels: ${panels.length}, with data: ${panels.length - empty.length}${empty.length ? ` (no data: ${empty.join(', ')})` : ''}`,
  );
  console.log(`Load average (1 min) during the run: min ${load[0].toFixed(2)}, max ${load.at(-1).toFixed(2)}`);
  console.log(`Picture: ${path.relative(root, out)}`);
} finally {
  prometheus?.stop();
  product.stop();
}
