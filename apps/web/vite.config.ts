import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build as bundle } from 'esbuild';
import { build as viteBuild, defineConfig, type Plugin, type Rolldown } from 'vite';
import { antdStyles } from './antd-styles.ts';
import { textBundles } from './text-bundles.ts';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';

/**
 * The libraries every screen needs go into stable vendor chunks so they are
 * cached across deploys; antd is left to automatic splitting so a route only
 * loads the components it renders and the first screen stays small.
 */
const vendorGroups = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
  { name: 'vendor-router', test: /node_modules[\\/]react-router[\\/]/, priority: 3 },
  { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
  { name: 'vendor-i18n', test: /node_modules[\\/](i18next|react-i18next|dayjs)[\\/]/, priority: 2 },
];

const signInFirstEntry = fileURLToPath(new URL('src/boot/sign-in-first.entry.ts', import.meta.url));

const appShell = fileURLToPath(new URL('src/app/app-root.tsx', import.meta.url));

/**
 * main.tsx imports the app's shell (app/app-root.tsx) dynamically, to evaluate it in a task of its own; the
 * page still asks for its files from the start, as it does for the entry's: a modulepreload tag for each
 * file of the shell's static graph the page does not name already.
 */
function shellPreloads(bundle: Rolldown.OutputBundle | undefined, named: string): string[] {
  if (!bundle) return [];
  const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  const shell = chunks.find((chunk) => chunk.facadeModuleId === appShell);
  if (!shell) return [];
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const chunk = chunks.find((item) => item.fileName === file);
    chunk?.imports.forEach(visit);
  };
  visit(shell.fileName);
  return [...files]
    .filter((file) => !named.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
}

/**
 * A visitor who is not signed in should reach the sign-in service before the app downloads
 * (src/boot/sign-in-first.ts). The built index.html therefore carries no script, preload or style tag of
 * its own: a small inline script in its head decides first, then writes them in place when the app is
 * to start. The api allows that one inline script by its hash (apps/api/src/plugins/web-app.ts).
 */
function signInFirst(): Plugin {
  return {
    name: 'sign-in-first',
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        // The consumer entry (consumer.html) is public: no sign-in check before it starts.
        if (!context.filename.endsWith('index.html')) return html;
        const tagPattern = /<script type="module"[^>]*><\/script>|<link rel="(?:modulepreload|stylesheet)"[^>]*>/g;
        // The dev server's own client scripts stay as they are; only a build moves the app's tags.
        const htmlTags = context.server ? [] : (html.match(tagPattern) ?? []);
        const page = htmlTags.reduce((rest, tag) => rest.replace(tag, ''), html);
        const appTags = [...htmlTags, ...shellPreloads(context.bundle, htmlTags.join(''))];
        const { outputFiles } = await bundle({
          entryPoints: [signInFirstEntry],
          bundle: true,
          write: false,
          minify: true,
          format: 'iife',
          target: 'es2020',
          define: { __APP_TAGS__: JSON.stringify(appTags.join('')) },
        });
        // `</` inside the inline script would end it early; `<\/` means the same in a JS string.
        const code = outputFiles[0]!.text.trim().replaceAll('</', '<\\/');
        return page.replace('<head>', () => `<head>\n    <script>${code}</script>`);
      },
    },
  };
}

/**
 * Brotli and gzip copies of every text file the build writes, beside it (`app.js.br`, `app.js.gz`): the
 * api serves them to browsers that accept them (@fastify/static's preCompressed), without compressing
 * on each request. A phone's first visit then downloads about a quarter of the bytes.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const file of Object.keys(bundle)) {
        // index.html stays as it is: its inline script is allowed by the hash of exactly that file.
        if (!/\.(js|css|json|svg)$/.test(file)) continue;
        const item = bundle[file]!;
        const source = item.type === 'chunk' ? item.code : item.source;
        if (source.length < 1024) continue;
        const target = path.join(options.dir!, file);
        writeFileSync(`${target}.br`, brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }));
        writeFileSync(`${target}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * The consumer entry (consumer.html: the checkout, result, top-up and place pages customers open on a phone)
 * is built on its own, after the back office, into the same folder: it shares no chunk with the back
 * office, so a phone asks for one script (and its language's texts) instead of the half-dozen small files
 * two entries' shared code splits into (each a round trip on mobile data). Its manifest is
 * .vite/consumer-manifest.json (the api reads its texts files there; bench/web-bundle.mjs its sizes).
 */
function consumerEntry(): Plugin {
  return {
    name: 'consumer-entry',
    apply: 'build',
    async closeBundle() {
      await viteBuild({
        configFile: false,
        root: webRoot,
        logLevel: 'warn',
        plugins: [precompress()],
        build: {
          outDir: 'dist',
          emptyOutDir: false,
          target: 'es2022',
          manifest: '.vite/consumer-manifest.json',
          // Every browser that runs module scripts knows modulepreload: no polyfill file to fetch.
          modulePreload: { polyfill: false },
          rolldownOptions: { input: { consumer: fileURLToPath(new URL('consumer.html', import.meta.url)) } },
        },
      });
    },
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [antdStyles(), textBundles(), signInFirst(), react(), precompress(), consumerEntry()],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/sso': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Top-level await in main.tsx loads the language before the first render.
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    // A screen's lazy import asks for its stylesheets only: Vite's helper appending a <link rel=modulepreload> for
    // each of the ~80 files behind the first screen made the router's first navigation the start's longest task;
    // the browser fetches those files as the imports reach them (docs/performance.md, "fourth round").
    modulePreload: {
      resolveDependencies: (_file, deps, context) =>
        context.hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    // A release note's captions stay files: Chromium will not load a <track> from an inlined data: address.
    assetsInlineLimit: (file) => (file.endsWith('.vtt') ? false : undefined),
    // bench/web-bundle.mjs reads the chunk graph from the manifest.
    manifest: true,
    rolldownOptions: {
      // The back office; the consumer pages (consumer.html, src/consumer/) are built after it (consumerEntry).
      input: { main: fileURLToPath(new URL('index.html', import.meta.url)) },
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
});
