import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrateSso } from '@sbo/sso';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createDatabase, createPool, runMigrations } from '../src/db/client';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../src/db/embedded';
import { deviceSecretKey, verifyDeviceSecret } from '../src/lib/device-secret';
import { demoFleetFile, seedDemo } from '../src/seed/demo';
import type { FleetEntry } from '../src/seed/demo-fleet';
import { exited, spawnApi, waitUntilReady } from './helpers/api-process';
import { freePort } from './helpers/free-port';
import { createTestDatabase } from './helpers/test-app';

const folders: string[] = [];
const databases: EmbeddedDatabase[] = [];

afterAll(async () => {
  for (const database of databases) await database.stop().catch(() => undefined);
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function dataFolder(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'demo-defaults-'));
  await chmod(dir, 0o755);
  folders.push(dir);
  return dir;
}

describe('SEED_DEMO', () => {
  it('defaults to the demo only in MODE=demo with the embedded database', () => {
    const external = 'postgres://backoffice:secret@db.example.com:5432/back_office';
    const demo = { MODE: 'demo' };
    expect(loadConfig(demo).SEED_DEMO).toBe(true);
    expect(loadConfig({ ...demo, SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ ...demo, DATABASE_URL: external }).SEED_DEMO).toBe(false);
    expect(loadConfig({ ...demo, DATABASE_URL: external, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadConfig({}).SEED_DEMO).toBe(false);
  });

  it('turns the sandbox providers on in the demo only, and refuses each in production naming it', () => {
    const demo = loadConfig({ MODE: 'demo' });
    expect([demo.PAYMENT_SANDBOX, demo.PAYOUT_SANDBOX, demo.SMS_SANDBOX]).toEqual([true, true, true]);
    const production = loadConfig({});
    expect(production.MODE).toBe('production');
    expect([production.PAYMENT_SANDBOX, production.PAYOUT_SANDBOX, production.SMS_SANDBOX]).toEqual([
      false,
      false,
      false,
    ]);
    for (const name of ['SEED_DEMO', 'PAYMENT_SANDBOX', 'PAYOUT_SANDBOX', 'SMS_SANDBOX']) {
      expect(() => loadConfig({ MODE: 'production', [name]: 'true' })).toThrow(
        new RegExp(`${name}=true: .*not with MODE=production`),
      );
      expect(loadConfig({ MODE: 'production', [name]: 'false' })[name as 'SEED_DEMO']).toBe(false);
    }
  });

  it('gives an external DATABASE_URL no demo accounts unless SEED_DEMO=true, and the banner says which', async () => {
    const databaseUrl = await createTestDatabase();
    const dataDir = await dataFolder();
    const port = await freePort();
    const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, MQTT_PORT: '0' };
    const users = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const found = await client.query('select email from users union all select email from sso.accounts');
      await client.end();
      return found.rows.map((row) => row.email);
    };

    const plain = spawnApi(env);
    await waitUntilReady(plain, port);
    expect(plain.output()).not.toContain('Demo sign-in');
    expect(plain.output()).not.toContain('demo1234');
    expect(await users()).toEqual([]);
    plain.child.kill('SIGTERM');
    expect((await exited(plain.child)).code).toBe(0);

    const demo = spawnApi({ ...env, SEED_DEMO: 'true' });
    await waitUntilReady(demo, port);
    expect(demo.output()).toContain('Demo sign-in (just created): password demo1234');
    expect(await users()).toContain('root@example.com');
    demo.child.kill('SIGTERM');
    expect((await exited(demo.child)).code).toBe(0);

    // Production on that database lists no demo account, but warns that they are there.
    const production = spawnApi({ ...env, MODE: 'production' });
    await waitUntilReady(production, port);
    expect(production.output()).toContain('WARNING: this database holds the demo accounts');
    expect(production.output()).not.toContain('Demo sign-in');
    expect(production.output()).not.toContain('/setup?token=');
    production.child.kill('SIGTERM');
    expect((await exited(production.child)).code).toBe(0);
  }, 900_000);
});

describe('a fresh embedded install', () => {
  it('gets its own PostgreSQL password and its own demo device secrets, which the fleet file holds', async () => {
    const installs = [];
    for (const _ of [1, 2]) {
      const dataDir = await dataFolder();
      const database = await startEmbeddedDatabase({ dataDir, preferredPort: await freePort() });
      databases.push(database);
      const pool = createPool(database.url, 2);
      await runMigrations(pool);
      await migrateSso(pool);
      expect(await seedDemo(createDatabase(pool), pool, { embeddedSignIn: true, dataDir })).toBe(true);
      const fleet: FleetEntry[] = JSON.parse(readFileSync(path.join(dataDir, demoFleetFile), 'utf8'));
      const washer = fleet.find((entry) => entry.hwid === 'SUNNY-W01')!;
      const stored = await pool.query("select secret_hash from device_hardware where hwid = 'SUNNY-W01'");
      const key = await deviceSecretKey(createDatabase(pool));
      expect(verifyDeviceSecret(key, washer.secret, stored.rows[0].secret_hash)).toBe(true);
      // One promotion of each kind and tab: ended, pending, and two running with their machines.
      const promotions = await pool.query(
        'select category, (select count(*)::int from promotion_devices d where d.promotion_id = p.id) as machines from promotions p order by id',
      );
      expect(promotions.rows.map((r) => r.category)).toEqual([
        'time_discount',
        'time_discount',
        'deposit_reward',
        'spending_bonus',
      ]);
      expect(promotions.rows.every((r) => r.machines > 0)).toBe(true);
      // The payment screen and the records tell one story: every sale is paid with a gateway its
      // place accepts, and a place lists every gateway its sales were paid with.
      const strays = await pool.query(
        `select t.pay_gateway from transactions t join place_payment_options o on o.place_id = t.place_id
          where not (t.pay_gateway = any(o.gateways))`,
      );
      expect(strays.rows).toEqual([]);
      const options = await pool.query(
        `select p.title, o.gateways, m.mobile_payment_enabled as "mobile" from places p
          join merchants m on m.id = p.merchant_id join place_payment_options o on o.place_id = p.id order by p.id`,
      );
      expect(options.rows.find((r) => r.title === 'Sunny Laundry Xinyi')).toEqual({
        title: 'Sunny Laundry Xinyi',
        gateways: ['offline', 'LinePay', 'JkoPay', 'ESVC', 'TWQR'],
        mobile: true,
      });
      expect(options.rows.find((r) => r.title === 'Harbor Car Wash Port Klang')).toEqual({
        title: 'Harbor Car Wash Port Klang',
        gateways: ['offline', 'GrabPay', 'TouchNGo', 'DuitNow'],
        mobile: true,
      });
      const used = await pool.query(
        `select distinct t.pay_gateway as "gateway" from transactions t join places p on p.id = t.place_id
          where p.title = 'Sunny Laundry Xinyi'`,
      );
      expect(used.rows.map((r) => r.gateway).sort()).toEqual(['JkoPay', 'LinePay', 'TWQR', 'offline', 'ESVC'].sort());
      await pool.end();
      await database.stop();
      const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
      installs.push({ password, secrets: fleet.map((entry) => entry.secret) });
    }
    const [first, second] = installs;
    expect(first!.password).not.toBe(second!.password);
    expect(first!.password).not.toBe('postgres');
    expect(first!.secrets).toHaveLength(second!.secrets.length);
    for (const [i, secret] of first!.secrets.entries()) expect(secret).not.toBe(second!.secrets[i]);
    expect(new Set(first!.secrets).size).toBe(first!.secrets.length);
  }, 600_000);
});
