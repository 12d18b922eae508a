import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** Files listed at the end of a run, slowest first (all unless TEST_TIMES_SHOWN=N); the rest are summed. */
const shown = Number(process.env.TEST_TIMES_SHOWN ?? Infinity);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

/** First lines of an error, enough to tell one failure from another at the end of a long log. */
const firstLines = (text: string, lines = 6) =>
  text
    .split('\n')
    .filter((line) => !line.includes('node_modules'))
    .slice(0, lines)
    .join('\n      ');

/**
 * The journey files a held worker started with (e2e/support/held-worker.ts), each with the time it
 * waited before its set-up: a wait for its turn, not the file's own time.
 */
function heldTimes(): Map<string, number> {
  const gate = process.env.E2E_HOLD_UNTIL;
  if (!gate || !existsSync(`${gate}.held`)) return new Map();
  const lines = readFileSync(`${gate}.held`, 'utf8').trim().split('\n');
  return new Map(lines.map((line) => [line.split('\t')[0]!, Number(line.split('\t')[1])]));
}

/**
 * Prints each test file's time at the end of a run, slowest first: where the suite's minutes go.
 * A file's time is its import (the app and everything it loads) plus its tests and hooks; files
 * of one project run side by side in its workers, so the times add up to more than the wall time.
 */
export default class FileTimesReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: { config: { root: string } }) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<{ stack?: string; message?: string }> = [],
  ) {
    const held = heldTimes();
    const rows = testModules.map((module) => {
      const d = module.diagnostic();
      const imported =
        d.environmentSetupDuration +
        d.prepareDuration +
        d.collectDuration +
        d.setupDuration -
        (held.get(module.moduleId) ?? 0);
      return {
        project: module.project.name,
        name: `${module.project.name.padEnd(11)} ${path.relative(this.root, module.moduleId)}`,
        imported,
        ran: d.duration,
        total: imported + d.duration,
        state: module.state(),
      };
    });
    if (rows.length === 0) return;
    rows.sort((a, b) => b.total - a.total);
    const byProject = new Map<string, number>();
    for (const row of rows) byProject.set(row.project, (byProject.get(row.project) ?? 0) + row.total);
    const lines = [`\nTest files, slowest first (import + tests):`];
    for (const row of rows.slice(0, shown)) {
      const mark = row.state === 'failed' ? '  FAILED' : row.state === 'skipped' ? '  skipped' : '';
      lines.push(`${seconds(row.total)} = ${seconds(row.imported)} + ${seconds(row.ran)}  ${row.name}${mark}`);
    }
    if (rows.length > shown) {
      const rest = rows.slice(shown).reduce((sum, row) => sum + row.total, 0);
      lines.push(`${seconds(rest)}  in the other ${rows.length - shown} files (TEST_TIMES_SHOWN=N shows more)`);
    }
    lines.push('Per project (sum of its files):');
    for (const [name, total] of [...byProject].sort((a, b) => b[1] - a[1])) {
      lines.push(`${seconds(total)}  ${name}`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
    this.listFailures(testModules, unhandledErrors);
  }

  /**
   * Each failed test (or file that failed outside its tests) with the start of its error, appended to
   * TEST_FAILURES_FILE when set: `npm test` prints that file last, after every project's output, so a
   * failure is the last thing a CI log shows even when another project's output came after it.
   */
  private listFailures(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<{ stack?: string; message?: string }>,
  ) {
    const file = process.env.TEST_FAILURES_FILE;
    if (!file) return;
    // An error no test caught (a promise rejected after its test) fails the run too.
    const failures = unhandledErrors.map(
      (error) => `unhandled error\n      ${firstLines(error.stack ?? error.message ?? String(error))}`,
    );
    for (const module of testModules) {
      const where = `${module.project.name} ${path.relative(this.root, module.moduleId)}`;
      for (const error of module.errors()) failures.push(`${where}\n      ${firstLines(error.stack ?? error.message)}`);
      for (const test of module.children.allTests('failed')) {
        const errors = test.result().errors ?? [];
        const first = errors[0];
        const text = first ? firstLines(first.stack ?? first.message) : '(no error recorded)';
        failures.push(`${where} > ${test.fullName}\n      ${text}`);
      }
    }
    if (failures.length > 0) appendFileSync(file, `${failures.map((failure) => `  ${failure}`).join('\n')}\n`);
  }
}
