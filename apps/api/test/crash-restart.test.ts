import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { configErrorExitCode, createRestartBackoff, shouldRestart } from '../../../scripts/restart-policy.mjs';
import {
  embeddedDatabaseUrl,
  exited,
  isRunning,
  spawnApi,
  spawnNode,
  waitUntilReady,
  type RunningProcess,
} from './helpers/api-process';
import { freePort } from './helpers/free-port';

const started: RunningProcess[] = [];
const folders: string[] = [];

afterAll(async () => {
  for (const { child } of started) if (child.exitCode === null) child.kill('SIGKILL');
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function productEnv() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crash-test-'));
  folders.push(dataDir);
  const port = await freePort();
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    MQTT_PORT: '0',
    SEED_DEMO: 'false',
    DEMO_SIMULATOR: 'false',
  };
  return { dataDir, port, env };
}

const track = (running: RunningProcess) => (started.push(running), running);
const postgresPid = (dataDir: string) =>
  Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

async function query(url: string, sql: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}

describe('the api killed with SIGKILL', () => {
  it('starts again on the same data folder, with what was written before the kill', async () => {
    const { dataDir, port, env } = await productEnv();
    const first = track(spawnApi(env));
    await waitUntilReady(first, port);
    await query(
      embeddedDatabaseUrl(dataDir),
      `insert into merchants (company_name, country, currency, timezone) values ($1, 'TW', 'TWD', 'Asia/Taipei')`,
      ['Written before the crash'],
    );
    const killedServer = postgresPid(dataDir);
    first.child.kill('SIGKILL');
    await exited(first.child);

    const second = track(spawnApi(env));
    await waitUntilReady(second, port);
    const rows = await query(embeddedDatabaseUrl(dataDir), 'select company_name from merchants');
    expect(rows.map((row) => row.company_name)).toEqual(['Written before the crash']);
    expect(isRunning(killedServer)).toBe(false);
    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toEqual({ code: 0, signal: null });
  }, 600_000);

  it('refuses a data folder another running api uses, and says why at error level', async () => {
    const { port, env } = await productEnv();
    const first = track(spawnApi(env));
    await waitUntilReady(first, port);
    const second = track(spawnApi({ ...env, PORT: String(await freePort()) }));
    expect((await exited(second.child)).code).toBe(1);
    const failure = second
      .output()
      .split('\n')
      .find((line) => line.includes('start-up failed'));
    expect(JSON.parse(failure!)).toMatchObject({ level: 60 });
    expect(JSON.parse(failure!).msg).toMatch(
      /start-up failed: .*is in use by PostgreSQL \(pid \d+\) of another running api/,
    );
    expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200);
    first.child.kill('SIGTERM');
    await exited(first.child);
  }, 600_000);
});

describe('scripts/start.mjs', () => {
  const apiOf = (launcherPid: number) =>
    Number(execFileSync('ps', ['-o', 'pid=', '--ppid', String(launcherPid)], { encoding: 'utf8' }).trim());
  const waitForOne = async (running: RunningProcess, texts: string[]) => {
    const deadline = Date.now() + 240_000;
    const seen = () => texts.some((text) => running.output().includes(text));
    while (!seen() && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen(), `one of ${JSON.stringify(texts)} in ${running.output()}`).toBe(true);
  };
  const waitFor = (running: RunningProcess, text: string) => waitForOne(running, [text]);

  it('starts the api again after it died, with a growing pause, and stops it when asked to stop', async () => {
    const { port, env } = await productEnv();
    const launcher = track(spawnNode(['scripts/start.mjs'], env));
    await waitUntilReady(launcher, port);

    const firstApi = apiOf(launcher.child.pid!);
    process.kill(firstApi, 'SIGKILL');
    await waitFor(launcher, `the api (pid ${firstApi}) was killed by SIGKILL; starting it again in 1 s`);
    await waitFor(launcher, 'the api runs again');
    const secondStartSeenAt = Date.now();
    const secondApi = apiOf(launcher.child.pid!);
    expect(secondApi).not.toBe(firstApi);
    await waitUntilReady(launcher, port);

    // The pause grows (2 s) unless the api ran a stable minute, when it starts over at 1 s: the launcher
    // counts from its own start of the api, which this test saw only afterwards, so a run the test saw
    // last 60 s or more was stable, and one well under it (45 s, the launcher's view lagging behind) was
    // not. Between the two, on a slow machine, either pause is right.
    const ranAtLeastMs = Date.now() - secondStartSeenAt;
    process.kill(secondApi, 'SIGKILL');
    const pauses = ranAtLeastMs >= 60_000 ? ['1'] : ranAtLeastMs < 45_000 ? ['2'] : ['1', '2'];
    await waitForOne(
      launcher,
      pauses.map((pause) => `the api (pid ${secondApi}) was killed by SIGKILL; starting it again in ${pause} s`),
    );
    await waitFor(launcher, 'the api runs again');
    await waitUntilReady(launcher, port);
    const thirdApi = apiOf(launcher.child.pid!);

    launcher.child.kill('SIGTERM');
    expect(await exited(launcher.child)).toEqual({ code: 0, signal: null });
    expect(isRunning(thirdApi)).toBe(false);
  }, 600_000);
});

describe('restart policy of scripts/start.mjs', () => {
  it('restarts after a crash or a signal it did not send, not after a stop it asked for or a bad setting', () => {
    expect(shouldRestart({ code: 1, signal: null, stopping: false })).toBe(true);
    expect(shouldRestart({ code: null, signal: 'SIGKILL', stopping: false })).toBe(true);
    expect(shouldRestart({ code: null, signal: 'SIGTERM', stopping: true })).toBe(false);
    expect(shouldRestart({ code: 0, signal: null, stopping: false })).toBe(false);
    expect(shouldRestart({ code: configErrorExitCode, signal: null, stopping: false })).toBe(false);
  });

  it('waits 1 s, 2 s, 4 s … at most 30 s between crashes, and starts over after a stable minute', () => {
    const backoff = createRestartBackoff();
    const delays = Array.from({ length: 7 }, () => backoff.nextDelay(500));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect(backoff.nextDelay(60_000)).toBe(1000);
    expect(backoff.nextDelay(5_000)).toBe(2000);
  });
});
