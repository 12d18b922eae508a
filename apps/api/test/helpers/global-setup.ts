import type { TestProject } from 'vitest/node';
import { startTestPostgres } from './postgres-server';

declare module 'vitest' {
  // Module augmentation needs an interface.
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/** One PostgreSQL server for the whole api suite; each test file gets its own database from a migrated template. */
export default async function setup(project: TestProject) {
  const server = await startTestPostgres();
  project.provide('pgAdminUrl', server.adminUrl);
  return () => server.stop();
}
