import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build as bundle } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';

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
        const tagPattern = /<script type="module"[^>]*><\/script>|<link rel="(?:modulepreload|stylesheet)"[^>]*>/g;
        // The dev server's own client scripts stay as they are; only a build moves the app's tags.
        const appTags = context.server ? [] : (html.match(tagPattern) ?? []);
        const page = appTags.reduce((rest, tag) => rest.replace(tag, ''), html);
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

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [signInFirst(), react()],
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
    // bench/web-bundle.mjs reads the chunk graph from the manifest.
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: vendorGroups } },
    },
  },
});
