import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

export const root = path.resolve(import.meta.dirname, '../../../..');

export type RunningProcess = { child: ChildProcess; output: () => string };

/** Spawns `node <args>` from the repository root, keeping what it prints. */
export function spawnNode(args: string[], env: Record<string, string>): RunningProcess {
  let output = '';
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, MODE: 'demo', LOG_LEVEL: 'warn', ...env },
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

/**
 * The real api (`apps/api/src/server.ts`) as its own process: the server the api project's
 * global setup built from the current source (`build-api.ts`), or the source through `tsx`
 * where no build was provided.
 */
export const spawnApi = (env: Record<string, string>) => {
  const built = inject('apiServerFile');
  return spawnNode(built ? ['--enable-source-maps', built] : ['--import', 'tsx', 'apps/api/src/server.ts'], env);
};

/** Waits until GET /api/ready answers 200 and the banner is printed. */
export async function waitUntilReady(running: RunningProcess, port: number, ms = 240_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) throw new Error(`exited: ${running.output()}`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => null);
    if (ready?.ok && running.output().includes('Merchant back-office is running')) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`not ready in time: ${running.output()}`);
}

export function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** The address of the embedded database a running api keeps in `dataDir` (port from its lock file). */
export function embeddedDatabaseUrl(dataDir: string): string {
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  const port = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3];
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/back_office`;
}

/** Whether a process runs (a zombie, killed but not yet reaped, does not). */
export function isRunning(pid: number): boolean {
  try {
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
}
