import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { textBundles } from './text-bundles.ts';

// Logic tests (`*.test.ts`) run in Node: its fetch talks to real local HTTP servers, and test/setup.ts
// supplies the little of the browser the client touches. Component tests (`*.test.tsx`) ask for jsdom
// in their first line (`// @vitest-environment jsdom`); test/dom-setup.ts adds what antd needs there. The
// shared pieces' tests (test/components/) run from one such file, test/components.test.tsx: jsdom and antd
// then load once, not once per piece.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The texts' modules (lib/translation-bundles.ts imports them), as the build makes them.
  plugins: [textBundles()],
  test: {
    name: 'web',
    // Upper bounds for a busy machine (a test ends as soon as it is done): the default 5 s was reached
    // with nothing wrong while the other projects kept both cores busy.
    // An upper bound only, for a busy machine (CI may be one): tests wait on conditions, never on the clock.
    testTimeout: 180_000,
    hookTimeout: 60_000,
    environment: 'node',
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    setupFiles: ['test/setup.ts', 'test/dom-setup.ts'],
  },
});
