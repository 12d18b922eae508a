import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Logic tests run in Node: its fetch talks to real local HTTP servers, and
// test/setup.ts supplies the little of the browser the client touches.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'web',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
  },
});
