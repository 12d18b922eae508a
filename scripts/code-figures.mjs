#!/usr/bin/env node
// The code's own figures (docs/code-shape.md): duplicated code as the pinned jscpd finds it, and source
// files over 300 lines. Tests, translations, generated migrations and builds are left out.
//   node scripts/code-figures.mjs          the figures and every pair and long file
//   node scripts/code-figures.mjs --brief  the figures only
//   node scripts/code-figures.mjs --all    also every pair of the wider net
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const brief = process.argv.includes('--brief');
const all = process.argv.includes('--all');

/** Where the product's source lives. */
const sourceRoots = ['apps', 'packages'];
/** What is not counted: builds, dependencies, tests, translations (text in eight languages). */
const ignored = [
  '**/node_modules/**',
  '**/dist/**',
  '**/test/**',
  '**/*.test.ts',
  '**/*.test.tsx',
  'apps/web/src/locales/**',
  'packages/sso/src/i18n/**',
  'packages/contracts/src/notification-texts.ts',
  'packages/contracts/src/machine-names.ts',
];
const isIgnored = (file) =>
  /(^|\/)(node_modules|dist|test)\//.test(file) ||
  /\.test\.tsx?$/.test(file) ||
  file.startsWith('apps/web/src/locales/') ||
  file.startsWith('packages/sso/src/i18n/') ||
  ['packages/contracts/src/notification-texts.ts', 'packages/contracts/src/machine-names.ts'].includes(file);

/** Limits: a source file's lines, and the two duplicate-finder settings (exact copies, and a wider net). */
export const maxLines = 300;
const settings = [
  { name: 'line for line (6+ lines, 50+ tokens)', minLines: 6, minTokens: 50 },
  { name: 'in all (4+ lines, 30+ tokens)', minLines: 4, minTokens: 30 },
];

function clones({ minLines, minTokens }) {
  const output = mkdtempSync(path.join(tmpdir(), 'sbo-jscpd-'));
  try {
    const run = spawnSync(
      path.join(root, 'node_modules/.bin/jscpd'),
      [
        ...sourceRoots,
        '--format',
        'typescript,tsx',
        '--ignore',
        ignored.join(','),
        '--min-lines',
        String(minLines),
        '--min-tokens',
        String(minTokens),
        '--reporters',
        'json',
        '--output',
        output,
        '--silent',
      ],
      { cwd: root, encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(`jscpd failed: ${run.stderr || run.stdout}`);
    const report = JSON.parse(readFileSync(path.join(output, 'jscpd-report.json'), 'utf8'));
    return report.duplicates.map((pair) => ({
      lines: pair.lines,
      first: `${pair.firstFile.name}:${pair.firstFile.start}-${pair.firstFile.end}`,
      second: `${pair.secondFile.name}:${pair.secondFile.start}-${pair.secondFile.end}`,
    }));
  } finally {
    rmSync(output, { recursive: true, force: true });
  }
}

function sourceFiles(folder) {
  return readdirSync(path.join(root, folder)).flatMap((name) => {
    const file = `${folder}/${name}`;
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path.join(root, file)).isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx|mts|mjs)$/.test(name) && !isIgnored(file) ? [file] : [];
  });
}

const files = sourceRoots.flatMap(sourceFiles);
const sizes = files.map((file) => ({
  file,
  lines: readFileSync(path.join(root, file), 'utf8').split('\n').length - 1,
}));
const long = sizes.filter((item) => item.lines > maxLines).sort((a, b) => b.lines - a.lines);
const results = settings.map((setting) => ({ ...setting, pairs: clones(setting) }));

console.log(
  `Source files: ${files.length}, ${sizes.reduce((sum, item) => sum + item.lines, 0)} lines (tests and translations left out)`,
);
for (const result of results) console.log(`Duplicate pairs, ${result.name}: ${result.pairs.length}`);
console.log(`Files over ${maxLines} lines: ${long.length}`);
if (!brief) {
  for (const result of all ? results : results.slice(0, 1)) {
    if (result.pairs.length) console.log(`\nPairs, ${result.name}:`);
    for (const pair of result.pairs)
      console.log(`  ${String(pair.lines).padStart(3)}  ${pair.first}  ~  ${pair.second}`);
  }
  if (long.length) console.log(`\nFiles over ${maxLines} lines:`);
  for (const item of long) console.log(`  ${String(item.lines).padStart(4)}  ${item.file}`);
}
