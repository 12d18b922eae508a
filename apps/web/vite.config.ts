import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
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
