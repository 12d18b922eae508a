import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Logic tests run in Node: its fetch talks to real local HTTP servers, and
// test/setup.ts supplies the little of the browser the client touches.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'web',
    // Upper bounds for a busy machine (a test ends as soon as it is done): the default 5 s was reached
    // with nothing wrong while the other projects kept both cores busy.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    environment: 'node',
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
  },
});
