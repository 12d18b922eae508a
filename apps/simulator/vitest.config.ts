import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'simulator',
    include: ['test/**/*.test.ts'],
    // Generous bounds: the waits inside (15 s by default) are on conditions, and a busy machine is slow.
    // An upper bound only, for a busy machine (CI may be one): tests wait on conditions, never on the clock.
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
