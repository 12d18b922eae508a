#!/usr/bin/env node
/**
 * Summarises a V8 `.cpuprofile` (from `node --cpu-prof`) by self time: the functions the process
 * spent its samples in, with their file, and the same grouped by package.
 *
 *   node bench/lib/cpu-profile.mjs <file.cpuprofile> [--top 40] [--last <seconds>]
 *
 * `--last 9`: only the samples of the profile's last 9 seconds (a benchmark's measured run, the
 * api's start-up left out); shares are then also given of the busy (not idle) samples.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: { top: { type: 'string', default: '40' }, last: { type: 'string' } },
  allowPositionals: true,
});
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
// Each sample's time (µs) is the profile's start plus the deltas so far.
const times = [];
let at = profile.startTime;
for (const delta of profile.timeDeltas) times.push((at += delta));
const since = values.last ? profile.endTime - Number(values.last) * 1e6 : -Infinity;
const selfSamples = new Map();
profile.samples.forEach((id, i) => {
  if (times[i] >= since) selfSamples.set(id, (selfSamples.get(id) ?? 0) + 1);
});
const idleId = profile.nodes.find((node) => node.callFrame.functionName === '(idle)')?.id;
const total = [...selfSamples.values()].reduce((sum, n) => sum + n, 0);
const busy = total - (selfSamples.get(idleId) ?? 0);
const byFunction = new Map();
const byPackage = new Map();
const where = (url) => {
  if (!url) return '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 13).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return url;
  const src = url.indexOf('/apps/') >= 0 ? url.slice(url.indexOf('/apps/') + 1) : url;
  return src.includes('/packages/') ? src.slice(src.indexOf('/packages/') + 1) : src;
};
for (const [id, count] of selfSamples) {
  const { callFrame } = byId.get(id);
  const file = where(callFrame.url);
  const key = `${callFrame.functionName || '(anonymous)'}  ${file}:${callFrame.lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + count);
  const pkg =
    id === idleId
      ? '(idle)'
      : file.startsWith('apps/') || file.startsWith('packages/')
        ? file.split('/').slice(0, 2).join('/')
        : file;
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + count);
}
const pct = (n) =>
  `${((n / total) * 100).toFixed(1).padStart(5)}%` +
  (values.last ? ` ${((n / busy) * 100).toFixed(1).padStart(5)}% of busy` : '');
console.log(`${total} samples, ${busy} busy`);
console.log('\nby function (self time):');
for (const [key, n] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top)))
  console.log(`${pct(n)}  ${key}`);
console.log('\nby package or file (self time):');
for (const [key, n] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${pct(n)}  ${key}`);
