#!/usr/bin/env node
/**
 * The gateway benchmark (bench/device-ingest.mjs) several times in a row, each run with its own fresh
 * api and bare broker: a goal met once is not met. Prints each run's figures (all connected from cold and
 * after a restart, report-to-database p99 once connected, ingestion beside the bare broker), then
 * min / median / max and the slowest run, and whether every run met the goals: 10,000 machines all
 * connected within 60 s from cold and after a broker restart, p99 report-to-database under 1 s.
 *
 *   node bench/device-ingest-series.mjs [--runs 5] [any bench/device-ingest.mjs option ...]
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
const passOn = runsAt >= 0 ? [...args.slice(0, runsAt), ...args.slice(runsAt + 2)] : args;
const goals = { connectSeconds: 60, p99Ms: 1_000 };

function once() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, 'device-ingest.mjs'), '--json', ...passOn], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.trim().split('\n').at(-1);
      try {
        resolve(JSON.parse(line));
      } catch {
        reject(new Error(`run ended with ${code} and no figures`));
      }
    });
  });
}

const rows = [];
for (let run = 1; run <= runs; run += 1) {
  console.error(`run ${run} of ${runs} (load ${os.loadavg()[0].toFixed(1)})`);
  const s = await once();
  rows.push({
    run,
    bare: s.bareSecondsToConnectAll ?? null,
    cold: s.secondsToConnectAll,
    coldGap: s.coldLongestSecondsNoneAdmitted,
    storm: s.stormSecondsToReconnectAllFromBrokerUp ?? null,
    stormFromDown: s.stormSecondsToReconnectAllFromBrokerDown ?? null,
    stormGap: s.stormLongestSecondsNoneAdmitted ?? null,
    p99: s.reportToDbP99Ms ?? null,
    afterStormP99: s.afterStormReportToDbP99Ms ?? null,
    vsBare: s.ingestedVsBareBroker ?? null,
    kbPerMachine: s.apiKbPerConnectedMachine ?? null,
    load: s.loadAverage1m,
  });
  console.error(JSON.stringify(rows.at(-1)));
}

const spread = (values) => {
  const known = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (known.length < values.length) return `${known.length} of ${values.length} runs finished`;
  return `${known[0]} / ${known[Math.floor((known.length - 1) / 2)]} / ${known.at(-1)}`;
};
console.log(
  'run  bare s  cold s  longest none admitted s  storm s (from broker up)  (from down)  storm none admitted s  p99 ms  after storm p99 ms  vs bare  KB/machine  load',
);
for (const r of rows) {
  console.log(
    [
      r.run,
      r.bare,
      r.cold,
      r.coldGap,
      r.storm,
      r.stormFromDown,
      r.stormGap,
      r.p99,
      r.afterStormP99,
      r.vsBare,
      r.kbPerMachine,
      r.load,
    ]
      .map((v, i) => String(v ?? '-').padStart([3, 6, 7, 24, 26, 12, 22, 7, 19, 8, 11, 0][i]))
      .join('  '),
  );
}
console.log(`all connected from cold: ${spread(rows.map((r) => r.cold))} s (min / median / max)`);
console.log(
  `all back after a restart: ${spread(rows.map((r) => r.storm))} s from the broker up, ${spread(rows.map((r) => r.stormFromDown))} s from it going down`,
);
console.log(
  `report-to-database p99, steady: ${spread(rows.map((r) => r.p99))} ms; after the storm: ${spread(rows.map((r) => r.afterStormP99))} ms`,
);
const slowest = [...rows].sort(
  (a, b) => Math.max(b.cold ?? 1e9, b.storm ?? 1e9) - Math.max(a.cold ?? 1e9, a.storm ?? 1e9),
)[0];
console.log(`slowest run: ${slowest.run} (cold ${slowest.cold ?? 'not all'} s, storm ${slowest.storm ?? 'not all'} s)`);
const met = rows.every(
  (r) =>
    r.cold !== null &&
    r.cold <= goals.connectSeconds &&
    r.storm !== null &&
    r.storm <= goals.connectSeconds &&
    r.p99 !== null &&
    r.p99 < goals.p99Ms,
);
console.log(
  `goals (every run: all connected within ${goals.connectSeconds} s from cold and after a restart, p99 < ${goals.p99Ms} ms): ${met ? 'met' : 'missed'}`,
);
process.exitCode = met ? 0 : 1;
