#!/usr/bin/env node
/**
 * Gzip sizes of the built web app (`npx vite build` in apps/web first, or pass
 * --build): the JavaScript each route adds on top of the entry, and the total
 * the first screen (sign-in and merchant pick) downloads. Exits 1 over budget.
 *
 *   node bench/web-bundle.mjs [--build] [--json]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const webRoot = fileURLToPath(new URL('../apps/web/', import.meta.url));
const dist = `${webRoot}dist/`;
const budgetKb = 250;
const defaultLanguage = 'zh-TW';

if (process.argv.includes('--build') || !existsSync(`${dist}.vite/consumer-manifest.json`)) {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: webRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));
// The consumer entry is a build of its own (apps/web/vite.config.ts, consumerEntry), with its own manifest.
const consumerManifest = JSON.parse(readFileSync(`${dist}.vite/consumer-manifest.json`, 'utf8'));
const gzipCache = new Map();
const gzipBytes = (file) => {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(`${dist}${file}`), { level: 9 }).length);
  return gzipCache.get(file);
};

/** The JS files a chunk needs before it runs: itself and its static imports, transitively. */
function closure(key, seen = new Set(), from = manifest) {
  const chunk = from[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, seen, from);
  return seen;
}
const sum = (files) => [...files].reduce((total, file) => total + gzipBytes(file), 0);
const minus = (files, known) => new Set([...files].filter((file) => !known.has(file)));
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

const entry = closure('index.html');
const routes = [
  ['/user-login', 'src/features/auth/components/user-login-screen.tsx'],
  ['/merchant-login', 'src/features/auth/components/merchant-login-screen.tsx'],
  ['manager centre layout', 'src/app/layouts/manager-layout.tsx'],
  ['screens to come (placeholder)', 'src/features/shell/components/coming-screen.tsx'],
  ['/user/location', 'src/features/language/components/language-screen.tsx'],
  ['/app layout', 'src/app/layouts/embedded-layout.tsx'],
  ['checkout layout', 'src/app/layouts/checkout-layout.tsx'],
  ['/ok-card layout', 'src/app/layouts/ok-card-layout.tsx'],
  ['not found', 'src/features/shell/components/not-found-screen.tsx'],
];
// Lazily loaded route modules of later issues are picked up automatically.
const knownSources = new Set(routes.map(([, source]) => source));
for (const [key, chunk] of Object.entries(manifest)) {
  if (chunk.isDynamicEntry && key.startsWith('src/') && !key.includes('/locales/') && !knownSources.has(key)) {
    routes.push([key.replace(/^src\//, ''), key]);
  }
}

// What the default language pulls at start: the shell's and the error texts (in it and in the English
// fallback; every area's texts wait for the first screen behind sign-in), antd and dayjs locales.
const startTexts = new RegExp(`^src/locales/(errors/)?(${defaultLanguage}|en)\\.json$`);
const startupResources = [
  ...Object.keys(manifest).filter((key) => startTexts.test(key)),
  '../../node_modules/antd/es/locale/zh_TW.js',
  '../../node_modules/dayjs/locale/zh-tw.js',
].flatMap((key) => [...closure(key)]);

// Every area's texts in the default language and English: what the first screen behind sign-in adds.
const areaTexts = Object.keys(manifest).filter(
  (key) => new RegExp(`^src/locales/.+/(${defaultLanguage}|en)\\.json$`).test(key) && !startTexts.test(key),
);
const areaTextsKb = kb(sum(new Set(areaTexts.flatMap((key) => [...closure(key)]))));

const rows = routes
  .filter(([, source]) => manifest[source])
  .map(([route, source]) => ({ route, addedKb: kb(sum(minus(closure(source), entry))) }));

const firstScreen = new Set([...entry, ...closure(routes[0][1]), ...closure(routes[1][1]), ...startupResources]);
const firstScreenKb = kb(sum(firstScreen));
// The consumer entry (consumer.html, the pages customers open on a phone): its own budget, far below the back office's.
const consumerBudgetKb = 60;
const consumerKb = kb(
  sum(
    new Set([
      ...closure('consumer.html', new Set(), consumerManifest),
      ...closure(`src/consumer/locales/${defaultLanguage}.json`, new Set(), consumerManifest),
    ]),
  ),
);
const report = {
  entryKb: kb(sum(entry)),
  routes: rows,
  areaTextsKb,
  firstScreenKb,
  budgetKb,
  consumerKb,
  consumerBudgetKb,
  withinBudget: firstScreenKb < budgetKb && consumerKb < consumerBudgetKb,
};

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(report, null, 2));
} else {
  console.log(`entry (index.html and its static imports): ${report.entryKb} KB gzip`);
  console.log('route chunks, gzip KB added on top of the entry:');
  for (const row of rows) console.log(`  ${row.route.padEnd(52)} ${String(row.addedKb).padStart(7)}`);
  console.log(
    `feature areas' texts (${defaultLanguage} and en), loaded with the first screen behind sign-in: ${areaTextsKb} KB gzip`,
  );
  console.log(
    `first screen (sign-in + merchant pick + ${defaultLanguage} texts): ${firstScreenKb} KB gzip, budget ${budgetKb} KB`,
  );
  console.log(
    `consumer entry (consumer.html + ${defaultLanguage} texts, the place page): ${consumerKb} KB gzip, budget ${consumerBudgetKb} KB`,
  );
}
process.exitCode = report.withinBudget ? 0 : 1;
