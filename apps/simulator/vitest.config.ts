import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'simulator',
    include: ['test/**/*.test.ts'],
    // Generous bounds: the waits inside (15 s by default) are on conditions, and a busy machine is slow.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
