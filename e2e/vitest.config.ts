import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser journeys against the real product (`npm start`), in real Chromium (README.md).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.test.ts'],
    // The product first (its address is what the browser opens), then the run's one Chromium.
    globalSetup: ['support/product.ts', 'support/browser-server.ts'],
    // One product instance serves every journey; files run one after another.
    fileParallelism: false,
    // Upper bounds only, for a busy machine: a journey waits on conditions, never on the clock.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    expect: { poll: { timeout: 30_000 } },
  },
});
