import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'simulator',
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
