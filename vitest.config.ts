import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'e2e*/vitest.config.ts'],
    // Two cores: the api's files wait on PostgreSQL, brokers and processes for much of their
    // time, so one worker more than the default (cores - 1) keeps both cores busy (docs/testing.md).
    maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
    // Every run ends with each file's time, slowest first (scripts/file-times-reporter.ts).
    reporters: ['default', './scripts/file-times-reporter.ts'],
  },
});
