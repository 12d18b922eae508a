import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser journeys against the real product (`npm start`), in real Chromium (README.md).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.test.ts'],
    // The products first (one per worker: their addresses are what the browser opens), then the run's
    // one Chromium. Files run side by side, each worker's one after another on its own product.
    globalSetup: ['support/product.ts', 'support/browser-server.ts'],
    // A held worker waits for its turn (E2E_HOLD_UNTIL, support/product.ts); a failed journey prints
    // its open pages' addresses and text, and saves their screenshots.
    setupFiles: ['support/held-worker.ts', 'support/failure-evidence.ts'],
    // Upper bounds only, for a busy machine: a journey waits on conditions, never on the clock.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    expect: { poll: { timeout: 120_000 } },
  },
});
