// Heap snapshots of a running api (started with `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=<dir>`),
// for the benches that ask what its memory is made of.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep } from './harness.mjs';

const summary = fileURLToPath(new URL('./heap-summary.mjs', import.meta.url));

/** The node options that let `takeHeapSnapshot` ask a process for a snapshot into `dir`. */
export const heapSnapshotArgs = (dir) => ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${path.resolve(dir)}`];

/**
 * Has the process write a heap snapshot into `dir` and waits until the file is complete; its path, or
 * null after five minutes. `node bench/lib/heap-summary.mjs <file> --per <machines>` reads it. Writing
 * one collects the garbage first, so the snapshot holds only what is alive.
 */
export async function takeHeapSnapshot(pid, dir) {
  const before = new Set(readdirSync(dir));
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; waited < 300_000; waited += 1_000) {
    await sleep(1_000);
    const file = readdirSync(dir).find((name) => name.endsWith('.heapsnapshot') && !before.has(name));
    if (!file) continue;
    const size = () => statSync(path.join(dir, file)).size;
    const first = size();
    await sleep(2_000);
    if (size() === first) return path.join(dir, file);
  }
  return null;
}

/**
 * What `bench/lib/heap-summary.mjs` says of a snapshot (run apart: reading one takes gigabytes): its
 * live size in KB, and its lines (with `base`, what grew since that snapshot, per `per`-th).
 */
export function summarizeHeapSnapshot(file, { base, per, top = 12 } = {}) {
  const text = execFileSync(
    process.execPath,
    [
      '--max-old-space-size=8000',
      summary,
      file,
      '--top',
      String(top),
      ...(base ? ['--base', base] : []),
      ...(per ? ['--per', String(per)] : []),
    ],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  const total = /^total (-?[\d.]+) MB/.exec(text);
  return { totalKb: total ? Math.round(Number(total[1]) * 1024) : null, text };
}
