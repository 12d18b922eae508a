import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'sso',
    include: ['test/**/*.test.ts'],
    globalSetup: ['./test/helpers/global-setup.ts'],
    // Generous: every sign-in attempt costs an scrypt hash, slow on a busy machine.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
