import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, body } from './helpers/fixtures';
import { freePort } from './helpers/free-port';
import { redeemKeyring, signInThroughPages } from './helpers/sign-in-client';

const root = path.resolve(import.meta.dirname, '../../..');
// Vitest sets MODE=test in its own environment; `npm start` must choose the demo itself, as from a shell.
const { MODE: _vitestMode, ...shell } = process.env;
let dataDir: string;
const running: ChildProcess[] = [];

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Starts the product exactly as `npm start` does, and waits until it is ready. */
async function startProduct(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  let output = '';
  const child = spawn('node', ['scripts/start.mjs'], { cwd: root, env: { ...shell, ...env, LOG_LEVEL: 'warn' } });
  running.push(child);
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`start exited: ${output}`);
    const ready = await fetch(`http://127.0.0.1:${env.PORT}/api/ready`).catch(() => null);
    if (ready?.ok && output.includes('Merchant back-office is running')) return { child, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`not ready in time: ${output}`);
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

describe('npm start on a fresh data directory', () => {
  it('seeds the demo, prints the sign-in, and the demo user signs in through the pages to a merchant token', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'start-test-'));
    const port = await freePort();
    const env = {
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      MQTT_PORT: String(await freePort()),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    };
    const first = await startProduct(env);
    expect(first.output()).toContain('demo@example.com');
    expect(first.output()).toContain('demo1234');
    expect(first.output()).toContain('THIS IS THE DEMO (MODE=demo)');

    const base = `http://127.0.0.1:${port}`;
    const signIn = await signInThroughPages(`${base}/api/v1/sso/authorize?redirect=%2F&lang=zh-TW`, {
      email: 'demo@example.com',
      password: 'demo1234',
    });
    expect(signIn.keyring).toBeTruthy();
    const { jwt } = (await body(redeemKeyring(base, signIn))).result;
    const merchants = (await body(fetch(`${base}/api/v1/merchant/list`, { headers: bearer(jwt) }))).result;
    expect(merchants.map((m: { rbacRole: string }) => m.rbacRole)).toEqual(['merchant', 'storeManager']);
    const picked = (await body(fetch(`${base}/api/v1/merchant/${merchants[0].id}/login`, { headers: bearer(jwt) })))
      .result;
    expect(picked.jwt.split('.')).toHaveLength(3);
    expect(picked.info.businessInfo.companyName).toBe('Sunny Laundry Co.');
    // The simulated demo fleet connects to the embedded broker and reports live.
    const online = async () =>
      (await body(fetch(`${base}/api/v1/device-cloud/list?status=online`, { headers: bearer(picked.jwt) }))).result
        .total;
    const deadline = Date.now() + 120_000;
    while ((await online()) < 10 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await online()).toBeGreaterThanOrEqual(10);
    expect(await stop(first.child)).toBe(0);

    // The same data directory is reused: no second seeding, the same accounts still sign in.
    const second = await startProduct(env);
    expect(second.output()).not.toContain('just created');
    const again = await signInThroughPages(`${base}/api/v1/sso/authorize`, {
      email: 'demo@example.com',
      password: 'demo1234',
    });
    expect(again.keyring).toBeTruthy();
    expect(await stop(second.child)).toBe(0);
  }, 600_000);

  it('refuses to start with a bad setting and names the variable', async () => {
    const child = spawn('node', ['scripts/start.mjs'], { cwd: root, env: { ...shell, PORT: 'eighty' } });
    let output = '';
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.stdout!.on('data', (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('PORT="eighty"');
  }, 600_000);
});

/** The system PostgreSQL 15 (installed, stopped) stands in for an external database server. */
function startSystemPostgres(): string {
  try {
    execFileSync('pg_ctlcluster', ['15', 'main', 'status'], { stdio: 'ignore' });
  } catch {
    execFileSync('pg_ctlcluster', ['15', 'main', 'start'], { stdio: 'ignore' });
  }
  const psql = (sql: string) =>
    execFileSync('su', ['postgres', '-c', `psql -v ON_ERROR_STOP=1 -qc "${sql}"`], { stdio: 'pipe' });
  const name = `ext_${Date.now()}`;
  try {
    psql("create role backoffice login password 'backoffice'");
  } catch {
    // The role is there from an earlier run.
  }
  psql(`create database ${name} owner backoffice`);
  return `postgres://backoffice:backoffice@127.0.0.1:5432/${name}`;
}

describe.runIf(existsSync('/usr/bin/pg_ctlcluster'))('npm start with DATABASE_URL', () => {
  it('uses the external PostgreSQL instead of the embedded one (demo only when asked for)', async () => {
    const databaseUrl = startSystemPostgres();
    const port = await freePort();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'start-external-'));
    const product = await startProduct({
      PORT: String(port),
      DATA_DIR: dir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'true',
      MQTT_PORT: String(await freePort()),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    expect(existsSync(path.join(dir, 'postgres'))).toBe(false);
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: databaseUrl });
    await client.connect();
    const merchants = await client.query('select company_name from merchants order by id');
    await client.end();
    expect(merchants.rows.map((r) => r.company_name)).toEqual(['Sunny Laundry Co.', 'Harbor Car Wash Sdn. Bhd.']);
    expect(await stop(product.child)).toBe(0);
    await rm(dir, { recursive: true, force: true });
  }, 600_000);
});
