import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, memberOf } from './helpers/fixtures';
import { backdateLastSeen, createBoundDevice, eventually } from './helpers/devices';
import { createTestApp, fastDeviceEnv, type TestContext } from './helpers/test-app';
import { TestDevice } from './helpers/test-device';

// Two api instances on one database. A runs the embedded broker; B reaches it through MQTT_URL,
// as a second instance behind a load balancer reaches a shared broker. Aedes has no shared
// subscriptions, so both ingest every message: the point is that nothing lands twice.
let a: TestContext;
let b: TestContext;
const open: TestDevice[] = [];
beforeAll(async () => {
  a = await createTestApp(fastDeviceEnv, undefined, { gateway: true });
  b = await createTestApp(
    { ...fastDeviceEnv, MQTT_URL: a.gateway!.brokerUrl, SSE_STREAM_MAX_SECONDS: '20' },
    undefined,
    {
      databaseUrl: a.databaseUrl,
      gateway: true,
    },
  );
});
afterAll(async () => {
  await Promise.all(open.map((d) => d.close().catch(() => undefined)));
  await b.close();
  await a.close();
});

async function machine() {
  const owner = await memberOf(a, 'merchant');
  const { device: cloud, ...bound } = await createBoundDevice(a.db, {
    merchantId: owner.merchant.id,
    kind: 'vending',
    model: 'VM1',
  });
  const device = await TestDevice.connect(a.gateway!.brokerUrl, bound);
  open.push(device);
  await device.state();
  await eventually(
    async () => (await a.db.execute(sql`select 1 from device_state where hwid = ${bound.hwid} and online`)).rows.length,
  );
  const remote = (ctx: TestContext, action: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/device-cloud/${cloud.id}/remote`,
      headers: bearer(owner.jwt),
      payload: { action },
    });
  return { owner, cloud, device, remote, ...bound };
}

const logKeys = async (deviceId: number) =>
  (
    await a.db.execute<{ content_key: string }>(
      sql`select content_key from device_logs where device_id = ${deviceId} order by id`,
    )
  ).rows.map((r) => r.content_key);

describe('two api instances on one database and one broker', () => {
  it('acknowledges a command sent through either instance', async () => {
    const { remote, device, hwid } = await machine();
    const throughB = await remote(b, 'pauseMachine');
    expect(throughB.statusCode).toBe(200);
    // The machine reports it is suspended: only then is resuming offered.
    await device.state({ status: 'suspend' });
    await eventually(
      async () =>
        (await a.db.execute(sql`select 1 from device_state where hwid = ${hwid} and report->>'status' = 'suspend'`))
          .rows.length,
    );
    const throughA = await remote(a, 'resumeMachine');
    expect(throughA.statusCode).toBe(200);
    expect(device.commands.map((c) => c.action)).toEqual(['pauseMachine', 'resumeMachine']);
  });

  it('stores each event, connection change and offline detection once though both ingest', async () => {
    const { device, hwid, cloud } = await machine();
    const eventId = await device.event({ kind: 'sale', amount: 2000, payGateway: 'offline' });
    await device.event({ kind: 'sale', amount: 2000, payGateway: 'offline' }, eventId);
    await device.event({ kind: 'refill', amount: 1000, remainingAmount: 2000, totalAmount: 5000 });
    await eventually(async () => (await logKeys(cloud.id)).includes('deviceLog.refill'));
    const events = await a.db.execute(sql`select 1 from device_events where hwid = ${hwid}`);
    expect(events.rows).toHaveLength(2);
    // Silent past DEVICE_OFFLINE_AFTER_SECONDS: both instances run the check, one flips it.
    // (Moved back on each look: a touch of the last message still in flight must not undo it.)
    await eventually(async () => {
      await backdateLastSeen(a.db, hwid);
      return (await logKeys(cloud.id)).includes('deviceLog.connection.offline.silent');
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await logKeys(cloud.id)).sort()).toEqual([
      'deviceLog.connection.offline.silent',
      'deviceLog.connection.online',
      'deviceLog.refill',
    ]);
  });

  it("tells instance B's live stream about a device whose messages both instances ingest", async () => {
    const { device, cloud, owner } = await machine();
    const address = await b.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/v1/device/events`, { headers: bearer(owner.jwt) });
    const reader = response.body!.getReader();
    let text = '';
    const read = async (until: (t: string) => boolean) => {
      while (!until(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended: ${text}`);
        text += new TextDecoder().decode(value);
      }
    };
    await read((t) => t.includes('event: ready'));
    await device.state({ status: 'operating' });
    await read((t) => t.includes(`"deviceId":${cloud.id}`) && t.includes('"status":"operating"'));
    await reader.cancel();
  });
});
