import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { deviceTopic } from '@sbo/contracts/mqtt';
import { createDatabase } from '../src/db/client';
import { createBoundDevice } from './helpers/devices';
import { embeddedDatabaseUrl, exited, spawnApi, waitUntilReady, type RunningProcess } from './helpers/api-process';
import { freePort } from './helpers/free-port';

const started: RunningProcess[] = [];
const folders: string[] = [];
const clients: MqttClient[] = [];
afterAll(async () => {
  for (const client of clients) client.end(true);
  for (const { child } of started) if (child.exitCode === null) child.kill('SIGKILL');
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A controller selling as fast as it can at QoS 1; a sale is forgotten only once acknowledged. */
function sellingDevice(url: string, hwid: string, secret: string) {
  const client = mqtt.connect(url, {
    clientId: hwid,
    username: hwid,
    password: secret,
    protocolVersion: 4,
    clean: true,
    keepalive: 10,
    reconnectPeriod: 200,
    // A controller tries again after a refusal too: the api answers CONNACK 3 (server unavailable)
    // until it admits devices after a start, and MQTT.js would otherwise give up for good.
    reconnectOnConnackError: true,
    connectTimeout: 2_000,
  });
  client.on('error', () => undefined);
  clients.push(client);
  const acknowledged = new Set<string>();
  let running = true;
  const loop = (async () => {
    for (let n = 1; running;) {
      if (!client.connected) {
        await sleep(50);
        continue;
      }
      const eventId = `${hwid}-${n}`;
      const now = Date.now();
      const sale = { v: 1, eventId, kind: 'sale', amount: 100, payGateway: 'LinePay', occurredAt: now, sentAt: now };
      const acked = await Promise.race([
        client.publishAsync(deviceTopic(hwid, 'event'), JSON.stringify(sale), { qos: 1 }).then(
          () => true,
          () => false,
        ),
        sleep(3_000).then(() => false),
      ]);
      // Unacknowledged: the same sale again (same eventId), as a device's outbox does.
      if (acked) {
        acknowledged.add(eventId);
        n += 1;
      }
    }
  })();
  return {
    acknowledged,
    connected: () => client.connected,
    stop: async () => {
      running = false;
      await loop;
      await client.endAsync(true);
    },
  };
}

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

describe('the api stopped while devices sell (embedded broker)', () => {
  it('has stored exactly once every sale a device saw acknowledged, across two SIGKILLs and a SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fault-test-'));
    folders.push(dataDir);
    const port = await freePort();
    const mqttPort = await freePort();
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      MQTT_PORT: String(mqttPort),
      MQTT_HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      DEMO_SIMULATOR: 'false',
    };
    const start = async () => {
      const running = spawnApi(env);
      started.push(running);
      await waitUntilReady(running, port);
      return running;
    };
    let api = await start();

    const databaseUrl = embeddedDatabaseUrl(dataDir);
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    const [merchant] = (
      await pool.query<{ id: number }>(
        `insert into merchants (company_name, country, currency, timezone) values ('Fault Laundry', 'TW', 'TWD', 'Asia/Taipei') returning id`,
      )
    ).rows;
    const bound = [];
    for (let i = 0; i < 10; i += 1)
      bound.push(await createBoundDevice(createDatabase(pool), { merchantId: merchant!.id }));
    await pool.end();
    const fleet = bound.map((b) => sellingDevice(`mqtt://127.0.0.1:${mqttPort}`, b.hwid, b.secret));

    // Each api lives until the fleet has had 30 more sales acknowledged by it (never a fixed time: a
    // busy machine sells fewer a second), so every stop lands while devices are selling.
    const acknowledgedSoFar = () => fleet.reduce((sum, device) => sum + device.acknowledged.size, 0);
    const sellAFew = async () => {
      const target = acknowledgedSoFar() + 30;
      const deadline = Date.now() + 300_000;
      while (acknowledgedSoFar() < target) {
        if (Date.now() > deadline) {
          const connected = fleet.filter((device) => device.connected()).length;
          throw new Error(
            `the fleet (${connected} of 10 connected) did not reach ${target} acknowledged sales in 2 minutes`,
          );
        }
        await sleep(50);
      }
    };
    for (const signal of ['SIGKILL', 'SIGKILL', 'SIGTERM'] as const) {
      await sellAFew();
      api.child.kill(signal);
      const exit = await exited(api.child);
      if (signal === 'SIGTERM') expect(exit).toEqual({ code: 0, signal: null });
      api = await start();
    }
    await sellAFew();
    await Promise.all(fleet.map((device) => device.stop()));

    const acknowledged = fleet.flatMap((device) => [...device.acknowledged]);
    expect(acknowledged.length).toBeGreaterThan(100);
    const stored = await query<{ event_id: string; events: number; transactions: number }>(
      embeddedDatabaseUrl(dataDir),
      `select e.event_id, count(*)::int as events, count(t.id)::int as transactions
         from device_events e left join transactions t on t.device_event_id = e.id
        where e.hwid = any($1) group by e.event_id`,
      [bound.map((b) => b.hwid)],
    );
    const byId = new Map(stored.map((row) => [row.event_id, row]));
    const missing = acknowledged.filter((id) => !byId.has(id));
    expect(missing).toEqual([]);
    expect(stored.filter((row) => row.events !== 1 || row.transactions !== 1)).toEqual([]);
    api.child.kill('SIGTERM');
    expect(await exited(api.child)).toEqual({ code: 0, signal: null });
  }, 900_000);
});
