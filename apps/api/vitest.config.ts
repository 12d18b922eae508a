import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['test/**/*.test.ts'],
    globalSetup: ['./test/helpers/global-setup.ts'],
    // An upper bound only, for a busy machine (CI may be one): tests wait on conditions, never on the clock.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // A worker imports the app once and runs file after file with it (about 5 s of CPU a file
    // saved); each file still builds its own app on its own database from the template, and
    // nothing the app keeps lives at module level (docs/testing.md).
    isolate: false,
  },
});
