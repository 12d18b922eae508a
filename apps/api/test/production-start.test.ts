import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedDatabaseUrl, exited, type RunningProcess, spawnApi, waitUntilReady } from './helpers/api-process';
import { bearer, body } from './helpers/fixtures';
import { freePort } from './helpers/free-port';
import { redeemKeyring, signInThroughPages } from './helpers/sign-in-client';

let dataDir: string | undefined;
let api: RunningProcess | undefined;

afterAll(async () => {
  if (api && api.child.exitCode === null) {
    api.child.kill('SIGKILL');
    await exited(api.child);
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the api started in production on a fresh data directory', () => {
  it('prints a one-time set-up link (never logged), creates the root through it, and has no demo account', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'production-start-'));
    await chmod(dataDir, 0o755);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    api = spawnApi({
      MODE: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      MQTT_PORT: '0',
      WEB_DIST: '/nonexistent',
      // Request logs on, so the test sees that the link's token never reaches them.
      LOG_LEVEL: 'info',
      // A stop drains for up to two minutes (readiness false, still serving); a second signal ends the drain.
      SHUTDOWN_DRAIN_SECONDS: '120',
    });
    await waitUntilReady(api, port);

    const banner = api.output();
    expect(banner).toContain('Production (MODE=production)');
    expect(banner).not.toContain('Demo sign-in');
    expect(banner).not.toContain('demo1234');
    expect(banner).not.toContain('example.com');
    const link = new RegExp(`${base}/setup\\?token=([A-Za-z0-9_-]{43})`).exec(banner);
    expect(link).not.toBeNull();
    const token = link![1]!;

    expect((await fetch(`${base}/api/v1/user/me`)).status).toBe(503);
    expect((await fetch(link![0])).status).toBe(200);
    const created = await fetch(`${base}/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token,
        email: 'agent@back-office.test',
        name: 'First Agent',
        password: 'first agent password',
        passwordConfirm: 'first agent password',
      }).toString(),
    });
    expect(created.status).toBe(201);

    const signIn = await signInThroughPages(`${base}/api/v1/sso/authorize?redirect=%2F&lang=en`, {
      email: 'agent@back-office.test',
      password: 'first agent password',
    });
    const { jwt } = (await body(redeemKeyring(base, signIn))).result;
    expect((await body(fetch(`${base}/api/v1/user/me`, { headers: bearer(jwt) }))).result.isRoot).toBe(true);

    const client = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir) });
    await client.connect();
    const users = await client.query('select email, is_root from users order by id');
    const accounts = await client.query('select email from sso.accounts');
    const merchants = await client.query('select count(*)::int as count from merchants');
    await client.end();
    expect(users.rows).toEqual([{ email: 'agent@back-office.test', is_root: true }]);
    expect(accounts.rows).toEqual([{ email: 'agent@back-office.test' }]);
    expect(merchants.rows[0].count).toBe(0);

    // The token was printed once, in the banner; the request logs show it redacted.
    expect(api.output().split(token)).toHaveLength(2);
    expect(api.output()).toContain('token=[redacted]');

    // A stop: readiness goes false first while liveness and the api still answer, so a proxy drains it.
    api.child.kill('SIGTERM');
    await expect
      .poll(async () => (await fetch(`${base}/api/ready`)).status, { timeout: 180_000, interval: 100 })
      .toBe(503);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    expect((await body(fetch(`${base}/api/v1/user/me`, { headers: bearer(jwt) }))).result.isRoot).toBe(true);
    expect(api.child.exitCode).toBeNull();
    // The second signal ends the drain; the api then finishes in order and exits cleanly.
    api.child.kill('SIGTERM');
    expect((await exited(api.child)).code).toBe(0);
    expect(api.output()).toContain('shutting down');
  }, 600_000);
});
