#!/usr/bin/env node
/**
 * What a V8 heap snapshot holds, by kind of object: count and self size, largest first.
 *   node --max-old-space-size=8000 bench/lib/heap-summary.mjs <file.heapsnapshot> [--per 10000] [--top 40]
 *        [--base <idle.heapsnapshot>]
 * `--per N` adds bytes and objects per N-th (say, per connected machine), to tell what grows with a fleet;
 * `--base` subtracts a snapshot taken without it (the same api with no fleet).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { per: { type: 'string' }, top: { type: 'string', default: '40' }, base: { type: 'string' } },
});

/** Count and self size by kind of object. */
function summarize(file) {
  const snapshot = JSON.parse(readFileSync(file, 'utf8'));
  const meta = snapshot.snapshot.meta;
  const fields = meta.node_fields;
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const types = meta.node_types[typeAt];
  const { nodes, strings } = snapshot;
  const groups = new Map();
  let total = 0;
  for (let i = 0; i < nodes.length; i += width) {
    const type = types[nodes[i + typeAt]];
    const name = strings[nodes[i + nameAt]];
    const size = nodes[i + sizeAt];
    // Objects by constructor; strings, code and arrays by kind (their names are their contents).
    const key = type === 'object' || type === 'native' || type === 'closure' ? `${type} ${name}` : type;
    const group = groups.get(key) ?? { count: 0, size: 0 };
    group.count += 1;
    group.size += size;
    groups.set(key, group);
    total += size;
  }
  return { groups, total };
}

const { groups, total: fullTotal } = summarize(positionals[0]);
let total = fullTotal;
if (values.base) {
  const base = summarize(values.base);
  total -= base.total;
  for (const [key, { count, size }] of base.groups) {
    const group = groups.get(key) ?? { count: 0, size: 0 };
    groups.set(key, { count: group.count - count, size: group.size - size });
  }
}
const per = values.per ? Number(values.per) : null;
const rows = [...groups].sort((a, b) => b[1].size - a[1].size).slice(0, Number(values.top));
console.log(
  `total ${(total / 1_048_576).toFixed(1)} MB${per ? `, ${(total / per / 1024).toFixed(1)} KB per ${per}-th` : ''}`,
);
for (const [key, { count, size }] of rows) {
  const perText = per ? `  ${(size / per).toFixed(0).padStart(6)} B  ${(count / per).toFixed(2).padStart(6)} obj` : '';
  console.log(`${(size / 1024).toFixed(0).padStart(9)} KB ${String(count).padStart(9)}${perText}  ${key.slice(0, 80)}`);
}
