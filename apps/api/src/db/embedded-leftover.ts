import { spawn } from 'node:child_process';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

type ProcessInfo = { zombie: boolean; parentPid: number; command: string };

/** State, parent and command line of a process, or null when there is none. */
async function processInfo(pid: number): Promise<ProcessInfo | null> {
  try {
    if (existsSync('/proc/self/stat')) {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const command = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').join(' ').trim();
      return { zombie: state === 'Z', parentPid: Number(parent), command };
    }
    const { stdout } = await promisify(execFile)('ps', ['-o', 'stat=,ppid=,command=', '-p', String(pid)]);
    const [state = '', parent = '', ...command] = stdout.trim().split(/\s+/);
    return { zombie: state.startsWith('Z'), parentPid: Number(parent), command: command.join(' ') };
  } catch {
    return null;
  }
}

const isAlive = async (pid: number) => {
  const info = await processInfo(pid);
  return info !== null && !info.zombie;
};

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline;) {
    if (!(await isAlive(pid))) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !(await isAlive(pid));
}

/**
 * Clears what a killed api leaves in its PostgreSQL folder: a server still running on it (an
 * orphan, its api gone) is shut down the way `pg_ctl stop -m fast` does, so nothing committed is
 * lost; a lock file whose server is gone is removed. A server another live api still runs is
 * left alone: the start stops with a message instead.
 */
export async function clearLeftoverServer(databaseDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  const lock = await readFile(pidFile, 'utf8').catch(() => null);
  if (lock === null) return;
  const pid = Number(lock.split('\n')[0]);
  const server = Number.isInteger(pid) && pid > 0 ? await processInfo(pid) : null;
  const ours = server && !server.zombie && /postgres/.test(server.command) && server.command.includes(databaseDir);
  if (server && ours) {
    const owner = await processInfo(server.parentPid);
    const ownerIsNode = owner?.command.split(' ')[0]?.endsWith(path.basename(process.execPath));
    if (server.parentPid !== 1 && owner && !owner.zombie && ownerIsNode) {
      throw new Error(
        `${databaseDir} is in use by PostgreSQL (pid ${pid}) of another running api (pid ${server.parentPid}): stop that one first, or give this one another DATA_DIR.`,
      );
    }
    log(`stopping the PostgreSQL (pid ${pid}) left running on ${databaseDir} by an api that ended without stopping it`);
    // SIGINT is PostgreSQL's fast shutdown: sessions end, a checkpoint is written, nothing committed is lost.
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, 30_000))) {
      // Immediate shutdown: the next start replays the write-ahead log, still without losing commits.
      process.kill(pid, 'SIGQUIT');
      if (!(await waitForExit(pid, 10_000))) {
        throw new Error(`The PostgreSQL (pid ${pid}) left running on ${databaseDir} does not stop: stop it by hand.`);
      }
    }
  } else {
    log(`removing the lock file ${pidFile} of a PostgreSQL (pid ${pid}) that is no longer running`);
  }
  await rm(pidFile, { force: true });
}

/**
 * PostgreSQL outlives an api killed without warning (kill -9, out of memory). A small shell
 * process watches the api and shuts the server down (fast, no data lost) once the api is gone.
 */
export function stopServerWithProcess(serverPid: number): void {
  const alive = 's=$(ps -o stat= -p "$1" 2>/dev/null) && [ "${s#Z}" = "$s" ]';
  const script = `alive() { ${alive}; }; while alive "$1" && alive "$2"; do sleep 1; done; alive "$2" && kill -INT "$2"`;
  const watcher = spawn('sh', ['-c', script, 'postgres-watch', String(process.pid), String(serverPid)], {
    detached: true,
    stdio: 'ignore',
  });
  watcher.on('error', () => undefined);
  watcher.unref();
}
