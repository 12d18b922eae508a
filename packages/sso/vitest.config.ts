import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'sso',
    include: ['test/**/*.test.ts'],
    globalSetup: ['./test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
