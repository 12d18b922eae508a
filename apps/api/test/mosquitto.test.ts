import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardReader } from '@sbo/contracts';
import { deviceTopic } from '@sbo/contracts/mqtt';
import { bearer, memberOf } from './helpers/fixtures';
import { loadConfig } from '../src/config';
import { startGateway } from '../src/modules/gateway/gateway';
import { createBoundDevice, createCloudDevice, eventually, uniqueHwid } from './helpers/devices';
import { ensureMosquitto, startMosquitto, type Mosquitto } from './helpers/mosquitto';
import { createTestApp, fastDeviceEnv, type TestContext } from './helpers/test-app';
import { TestDevice } from './helpers/test-device';

const unavailable = ensureMosquitto();
if (unavailable) console.warn(`Skipping the Mosquitto tests: ${unavailable}`);

let broker: Mosquitto;
let ctx: TestContext;
const open: TestDevice[] = [];

describe.skipIf(unavailable !== null)('the gateway with an external Mosquitto', () => {
  beforeAll(async () => {
    broker = await startMosquitto();
    ctx = await createTestApp(
      {
        ...fastDeviceEnv,
        MQTT_URL: broker.url,
        MQTT_PASSWORD_FILE: broker.passwordFile,
        MQTT_ACL_FILE: broker.aclFile,
        MQTT_BROKER_PID_FILE: broker.pidFile,
        MQTT_SHARED_GROUP: 'sbo-gateway',
      },
      undefined,
      { gateway: true },
    );
  });
  afterAll(async () => {
    await Promise.all(open.map((d) => d.close().catch(() => undefined)));
    await ctx?.close();
    await broker?.stop();
  });

  /** A controller registered through the service agents' route, then bound: the api rewrites Mosquitto's files. */
  async function registered(kind: 'washer' | 'vending' = 'washer') {
    const root = await memberOf(ctx, 'root');
    const model = kind === 'washer' ? 'AB3' : 'VM1';
    const hwid = uniqueHwid('MQ');
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(root.jwt), payload });
    const { secret } = (await call('POST', '/admin/hardware', { hwid, model })).json().result;
    const cloud = await createCloudDevice(ctx.db, { merchantId: root.merchant.id, kind, model });
    expect((await call('POST', `/device-cloud/${cloud.id}/binding`, { hwid })).statusCode).toBe(200);
    // Mosquitto reloads its password file on SIGHUP, a moment after the registration.
    const device = await eventually(
      () => TestDevice.connect(broker.url, { hwid, secret, kind, model }).catch(() => null),
      5_000,
    );
    open.push(device);
    return { hwid, secret, cloud, device, call };
  }

  const stateOf = async (hwid: string) =>
    (
      await ctx.db.execute<{ online: boolean; status: string | null }>(
        sql`select online, report->>'status' as status from device_state where hwid = ${hwid}`,
      )
    ).rows[0];

  it('admits a registered device with its secret and refuses a wrong one', async () => {
    const { hwid } = await registered();
    const attempt = mqtt.connectAsync(broker.url, {
      clientId: `${hwid}-x`,
      username: hwid,
      password: 'not-the-secret',
      protocolVersion: 4,
      reconnectPeriod: 0,
    });
    await expect(attempt).rejects.toThrow(/Not authorized|Bad username/i);
  });

  it('keeps a device to its own topics', async () => {
    const mine = await registered();
    const other = await registered();
    // Mosquitto 2 may grant the subscription, but its ACL never delivers another device's commands.
    await mine.device.client.subscribeAsync(deviceTopic(other.hwid, 'cmd'), { qos: 1 }).catch(() => undefined);
    await other.device.state();
    await eventually(async () => (await stateOf(other.hwid))?.online === true);
    const sent = await other.call('POST', `/device-cloud/${other.cloud.id}/remote`, { action: 'resetPaidAmount' });
    expect(sent.statusCode).toBe(200);
    expect(other.device.commands).toHaveLength(1);
    expect(mine.device.commands).toHaveLength(0);
    // Mosquitto drops a publish the ACL refuses; the other device's state stays untouched.
    await mine.device.client.publishAsync(
      deviceTopic(other.hwid, 'state'),
      JSON.stringify(mine.device.report({ status: 'suspend' })),
      { qos: 1 },
    );
    await other.device.state({ status: 'idle' });
    await eventually(async () => (await stateOf(other.hwid))?.status === 'idle');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await stateOf(other.hwid))?.status).toBe('idle');
  });

  it("answers a card request on the device's own cardResult, and keeps card topics private", async () => {
    const mine = await registered();
    const other = await registered();
    await mine.device.enableCardReader();
    // Mosquitto 2 may grant the subscription, but its ACL never delivers another device's card answers.
    await mine.device.client.subscribeAsync(deviceTopic(other.hwid, 'cardResult'), { qos: 1 }).catch(() => undefined);
    const answer = await other.device.card({
      kind: 'authorize',
      requestId: 'mq-card-1',
      card: '999999999998',
      amount: 1000,
    });
    expect(answer.result).toBe(CardReader.notMemberCard);
    // A request published as another device is dropped by the ACL: nobody gets an answer.
    await mine.device.client.publishAsync(
      deviceTopic(other.hwid, 'card'),
      JSON.stringify({
        v: 1,
        kind: 'authorize',
        requestId: 'mq-card-2',
        card: '999999999998',
        amount: 1000,
        sentAt: Date.now(),
      }),
      { qos: 1 },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(other.device.cardResults.map((r) => r.requestId)).toEqual(['mq-card-1']);
    expect(mine.device.cardResults).toEqual([]);
  });

  it('ingests state and counts a redelivered sale once', async () => {
    const { hwid, device } = await registered();
    await device.state({ status: 'operating', stage: 'main' });
    await eventually(async () => (await stateOf(hwid))?.status === 'operating');
    const sale = { kind: 'sale', amount: 6000, payGateway: 'offline' } as const;
    const eventId = await device.event(sale);
    await device.event(sale, eventId);
    await device.event({ kind: 'reset', what: 'paidAmount' });
    await eventually(
      async () => (await ctx.db.execute(sql`select 1 from device_events where hwid = ${hwid}`)).rows.length === 2,
    );
    const sales = await ctx.db.execute(sql`select 1 from device_events where hwid = ${hwid} and kind = 'sale'`);
    expect(sales.rows).toHaveLength(1);
  });

  it('acknowledges a remote action, times one out, and turns a dropped device offline', async () => {
    const { hwid, cloud, device, call } = await registered('vending');
    await device.state();
    await eventually(async () => (await stateOf(hwid))?.online === true);
    const ok = await call('POST', `/device-cloud/${cloud.id}/remote`, {
      action: 'dispenseCoins',
      params: { amount: 3000 },
    });
    expect(ok.json().result.action).toBe('dispenseCoins');
    device.answer = () => null;
    const silent = await call('POST', `/device-cloud/${cloud.id}/remote`, { action: 'pauseMachine' });
    expect(silent.json()).toEqual({ code: 1702001, message: 'connection timed out, check device status' });
    device.drop();
    await eventually(async () => (await stateOf(hwid))?.online === false);
  });

  it('keeps a persistent events session: sales sent while the api is away are stored when it returns', async () => {
    const own = await startMosquitto();
    const { merchant } = await memberOf(ctx, 'merchant');
    const bound = await createBoundDevice(ctx.db, { merchantId: merchant.id });
    const config = loadConfig({
      ...fastDeviceEnv,
      LOG_LEVEL: 'silent',
      MQTT_URL: own.url,
      MQTT_PASSWORD_FILE: own.passwordFile,
      MQTT_ACL_FILE: own.aclFile,
      MQTT_BROKER_PID_FILE: own.pidFile,
      MQTT_CLIENT_ID: 'sbo-persistent-test',
    });
    let gateway = await startGateway({ config, pool: ctx.pool });
    try {
      const device = await eventually(
        () => TestDevice.connect(own.url, { hwid: bound.hwid, secret: bound.secret }).catch(() => null),
        5_000,
      );
      open.push(device);
      await gateway.close();
      const eventId = await device.event({ kind: 'sale', amount: 6000, payGateway: 'LinePay' });
      const stored = async () =>
        (
          await ctx.db.execute(sql`select 1 from transactions t join device_events e on e.id = t.device_event_id
                                   where e.hwid = ${bound.hwid} and e.event_id = ${eventId}`)
        ).rows.length === 1;
      expect(await stored()).toBe(false);
      gateway = await startGateway({ config, pool: ctx.pool });
      await eventually(stored);
    } finally {
      await gateway.close();
      await own.stop();
    }
  });
});
