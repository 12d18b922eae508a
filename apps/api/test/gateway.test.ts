import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTopic, idleStateReport, machineTypeByKind, protocolVersion } from '@sbo/contracts/mqtt';
import { storeStatus } from '../src/modules/gateway/presence-repository';
import { storeStates } from '../src/modules/gateway/state-repository';
import { bearer, memberOf } from './helpers/fixtures';
import { backdateLastSeen, createBoundDevice, eventually, registerHardware } from './helpers/devices';
import { eventStream } from './helpers/event-stream';
import { createTestApp, fastDeviceEnv, type TestContext } from './helpers/test-app';
import { TestDevice } from './helpers/test-device';

let ctx: TestContext;
let url: string;
const devices: TestDevice[] = [];
beforeAll(async () => {
  ctx = await createTestApp({ ...fastDeviceEnv, SSE_STREAM_MAX_SECONDS: '20' }, undefined, { gateway: true });
  url = ctx.gateway!.brokerUrl;
});
afterAll(async () => {
  await Promise.all(devices.map((d) => d.close().catch(() => undefined)));
  await ctx.close();
});

async function connected(input: Parameters<typeof createBoundDevice>[1]) {
  const { device: cloud, ...bound } = await createBoundDevice(ctx.db, input);
  const device = await TestDevice.connect(url, {
    hwid: bound.hwid,
    secret: bound.secret,
    kind: bound.kind,
    model: bound.model,
  });
  devices.push(device);
  return { ...bound, cloud, device };
}

const stateOf = async (hwid: string) =>
  (
    await ctx.db.execute<{ online: boolean; seq: number | null; status: string | null }>(
      sql`select online, seq, report->>'status' as status from device_state where hwid = ${hwid}`,
    )
  ).rows[0];
const logsOf = async (deviceId: number) =>
  (
    await ctx.db.execute<{ log_type: string; content_key: string }>(
      sql`select log_type, content_key from device_logs where device_id = ${deviceId} order by id`,
    )
  ).rows;

describe('device authentication and topics', () => {
  it('refuses a device with a wrong secret, an unknown hwid, and a client id that is not the hwid', async () => {
    const { hwid, secret } = await registerHardware(ctx.db, {});
    const attempt = (options: mqtt.IClientOptions) =>
      mqtt.connectAsync(url, { protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 3_000, ...options });
    await expect(attempt({ clientId: hwid, username: hwid, password: 'wrong-secret' })).rejects.toThrow(
      /Bad username or password/i,
    );
    await expect(attempt({ clientId: 'NOPE-1', username: 'NOPE-1', password: secret })).rejects.toThrow(
      /Bad username or password/i,
    );
    await expect(attempt({ clientId: 'someone-else', username: hwid, password: secret })).rejects.toThrow(
      /Bad username or password/i,
    );
    const ok = await attempt({ clientId: hwid, username: hwid, password: secret });
    await ok.endAsync();
  });

  it("lets a device publish only on its own topics and never read another device's commands", async () => {
    const mine = await connected({ merchantId: (await memberOf(ctx, 'merchant')).merchant.id });
    const other = await createBoundDevice(ctx.db, { merchantId: mine.cloud.merchantId });
    await expect(mine.device.client.subscribeAsync(deviceTopic(other.hwid, 'cmd'), { qos: 1 })).rejects.toThrow(
      /Subscribe error/,
    );
    // Publishing as another device is refused: the broker closes the offender's connection.
    const closed = new Promise<void>((resolve) => mine.device.client.once('close', () => resolve()));
    mine.device.client.publish(deviceTopic(other.hwid, 'state'), JSON.stringify(mine.device.report()), { qos: 1 });
    await closed;
    expect(await stateOf(other.hwid)).toBeUndefined();
  });
});

describe('ingestion', () => {
  it('stores the newest state and ignores a late, older report', async () => {
    const { device, hwid } = await connected({ merchantId: (await memberOf(ctx, 'merchant')).merchant.id });
    await device.state({ status: 'operating', stage: 'main' });
    const late = device.report({ status: 'idle' });
    await device.state({ status: 'operating', stage: 'rinsing1' });
    await eventually(async () => (await stateOf(hwid))?.seq === 3);
    await device.publish('state', late);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await stateOf(hwid)).toMatchObject({ online: true, seq: 3, status: 'operating' });
  });

  it('counts a redelivered sale once and shows the sales less refunds as the device revenue', async () => {
    const owner = await memberOf(ctx, 'merchant');
    const { device, hwid, cloud } = await connected({ merchantId: owner.merchant.id });
    const sale = { kind: 'sale', amount: 6000, payGateway: 'LinePay', orderId: 'order-1', course: 'standard' } as const;
    const eventId = await device.event(sale);
    await device.event(sale, eventId);
    await device.event(sale, eventId);
    await device.event({ kind: 'sale', amount: 1000, payGateway: 'offline', test: true });
    await device.event({ kind: 'sale', amount: 5000, payGateway: 'offline', encore: 2000 });
    await device.state();
    await eventually(
      async () => (await ctx.db.execute(sql`select 1 from device_events where hwid = ${hwid}`)).rows.length === 3,
    );
    const sales = await ctx.db.execute<{ amount: string; pay_gateway: string; order_id: string | null }>(
      sql`select amount, pay_gateway, order_id from device_events where hwid = ${hwid} and kind = 'sale' order by id`,
    );
    expect(sales.rows[0]).toMatchObject({ pay_gateway: 'LinePay', order_id: 'order-1' });
    const info = await ctx.app.inject({ url: `/api/v1/device-cloud/${cloud.id}/info`, headers: bearer(owner.jwt) });
    const made = await ctx.db.execute<{ status: number }>(
      sql`select status::int from transactions where device_id = ${cloud.id} order by id`,
    );
    // 6000 once (unverified: no confirmed payment order matches it), the test sale not at all, 5000 as sold.
    expect(made.rows.map((row) => row.status)).toEqual([97, 0]);
    // Revenue is total less refunds, as in the statistics, and an unverified sale is not money.
    expect(info.json().result.revenue).toBe(5000);
  });

  it('logs faults, cash movements and resets once each', async () => {
    const merchantId = (await memberOf(ctx, 'merchant')).merchant.id;
    const { device, cloud } = await connected({ merchantId, kind: 'vending', model: 'VM1' });
    const deviceId = cloud.id;
    const fault = await device.event({ kind: 'error', code: 1303004, detail: 'bill jam' });
    await device.event({ kind: 'error', code: 1303004, detail: 'bill jam' }, fault);
    await device.event({ kind: 'banknoteAccepted', denomination: 10000, count: 1 });
    await device.event({ kind: 'coinsDispensed', expected: 5, actual: 4, coinValue: 1000, reason: 'change' });
    await device.event({ kind: 'refill', amount: 100000, remainingAmount: 200000, totalAmount: 500000 });
    await device.event({ kind: 'reset', what: 'banknotes' });
    await device.event({ kind: 'coinInserted', amount: 1000, count: 1 });
    const logs = await eventually(async () => {
      const rows = await logsOf(deviceId);
      return rows.length >= 6 && rows;
    });
    // The connection row is written alongside, so only the set of rows is fixed, not its order.
    expect(logs.map((l) => l.log_type).sort()).toEqual([
      'banknote',
      'coinDispensed',
      'connection',
      'error',
      'refill',
      'reset',
    ]);
  });
});

describe('presence', () => {
  it('turns a silent device offline and logs it, then online again when it reports', async () => {
    const { device, hwid, cloud } = await connected({ merchantId: (await memberOf(ctx, 'merchant')).merchant.id });
    await device.state();
    await eventually(async () => (await stateOf(hwid))?.online === true);
    // No message for longer than DEVICE_OFFLINE_AFTER_SECONDS, the connection still open.
    // (Moved back on each look: a touch of the last message still in flight must not undo it.)
    await eventually(async () => {
      await backdateLastSeen(ctx.db, hwid);
      return (await stateOf(hwid))?.online === false;
    });
    await device.state();
    await eventually(async () => (await stateOf(hwid))?.online === true);
    const keys = (await logsOf(cloud.id)).map((l) => l.content_key);
    expect(keys).toEqual([
      'deviceLog.connection.online',
      'deviceLog.connection.offline.silent',
      'deviceLog.connection.online',
    ]);
  });

  it('logs one connection when its first state report overtakes its online status', async () => {
    const {
      hwid,
      kind,
      model,
      device: cloud,
    } = await createBoundDevice(ctx.db, {
      merchantId: (await memberOf(ctx, 'merchant')).merchant.id,
    });
    const report = idleStateReport({ bootId: 'boot-1', seq: 1, kind, model, firmware: '3.2.0' });
    await storeStates(ctx.db, [{ hwid, report, reportedAt: Date.now() }]);
    await storeStatus(ctx.db, hwid, {
      v: protocolVersion,
      status: 'online',
      bootId: 'boot-1',
      connId: 'conn-1',
      sentAt: Date.now(),
      protocol: '1.0',
      kind,
      model,
      machineType: machineTypeByKind[kind],
      firmware: '3.2.0',
    });
    expect((await logsOf(cloud.id)).map((l) => l.content_key)).toEqual(['deviceLog.connection.online']);
  });

  it('writes a batch without waiting on a row another statement holds, and hands that report back for the next batch', async () => {
    const merchantId = (await memberOf(ctx, 'merchant')).merchant.id;
    const [held, free] = [
      await createBoundDevice(ctx.db, { merchantId }),
      await createBoundDevice(ctx.db, { merchantId }),
    ];
    const reportOf = (device: typeof held, seq: number) => ({
      hwid: device.hwid,
      report: idleStateReport({ bootId: 'boot-1', seq, kind: device.kind, model: device.model, firmware: '3.2.0' }),
      reportedAt: Date.now(),
    });
    await storeStates(ctx.db, [reportOf(held, 1), reportOf(free, 1)]);
    // Another instance's batch, as PostgreSQL sees it: a transaction holding the first machine's row.
    const other = await ctx.pool.connect();
    try {
      await other.query('begin');
      await other.query('select hwid from device_state where hwid = $1 for update', [held.hwid]);
      const stored = await storeStates(ctx.db, [reportOf(held, 2), reportOf(free, 2)]);
      expect(stored.skipped.map((state) => state.hwid)).toEqual([held.hwid]);
      expect((await stateOf(free.hwid))?.seq).toBe(2);
      await other.query('commit');
    } finally {
      other.release();
    }
    expect((await stateOf(held.hwid))?.seq).toBe(1);
    // Once the row is free, the report handed back is written.
    expect((await storeStates(ctx.db, [reportOf(held, 2)])).skipped).toEqual([]);
    expect((await stateOf(held.hwid))?.seq).toBe(2);
  });

  it('writes a report its batch handed back once the row is free, with no other report to start a batch', async () => {
    const { hwid, device } = await connected({ merchantId: (await memberOf(ctx, 'merchant')).merchant.id });
    await device.state({ status: 'idle' });
    await eventually(async () => (await stateOf(hwid))?.seq != null);
    const other = await ctx.pool.connect();
    try {
      await other.query('begin');
      await other.query('select hwid from device_state where hwid = $1 for update', [hwid]);
      const skippedBefore = ctx.gateway!.counters.skippedRows;
      const report = await device.state({ status: 'operating' });
      // The batch met the held row and handed the report back.
      await eventually(async () => ctx.gateway!.counters.skippedRows > skippedBefore);
      await other.query('commit');
      // Nothing else arrives from the machine: the report still reaches the database.
      await eventually(async () => (await stateOf(hwid))?.seq === report.seq);
      expect((await stateOf(hwid))?.status).toBe('operating');
    } finally {
      other.release();
    }
  });

  it('turns a device offline by its last will when the network drops, and by a clean shutdown', async () => {
    const first = await connected({ merchantId: (await memberOf(ctx, 'merchant')).merchant.id });
    await eventually(async () => (await stateOf(first.hwid))?.online === true);
    first.device.drop();
    await eventually(async () => (await stateOf(first.hwid))?.online === false);
    expect((await logsOf(first.cloud.id)).map((l) => l.content_key)).toEqual([
      'deviceLog.connection.online',
      'deviceLog.connection.offline.lastWill',
    ]);

    const second = await connected({ merchantId: (await memberOf(ctx, 'merchant')).merchant.id });
    await eventually(async () => (await stateOf(second.hwid))?.online === true);
    await second.device.shutdown();
    await eventually(async () => (await stateOf(second.hwid))?.online === false);
    expect((await logsOf(second.cloud.id)).at(-1)?.content_key).toBe('deviceLog.connection.offline.shutdown');
  });
});

describe('GET /device/events', () => {
  it("streams a device's changes to its merchant, and to no one else", async () => {
    const owner = await memberOf(ctx, 'merchant');
    const stranger = await memberOf(ctx, 'merchant');
    const { device, cloud } = await connected({ merchantId: owner.merchant.id });
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const open = (jwt: string) => fetch(`${address}/api/v1/device/events?token=${jwt}`);
    const [mineResponse, theirsResponse] = await Promise.all([open(owner.jwt), open(stranger.jwt)]);
    expect(mineResponse.headers.get('content-type')).toContain('text/event-stream');
    const [mine, theirs] = [eventStream(mineResponse), eventStream(theirsResponse)];
    await Promise.all([mine.until((t) => t.includes('event: ready')), theirs.until((t) => t.includes('event: ready'))]);
    await device.state({ status: 'operating', stage: 'spin', remainingSeconds: 300 });
    const text = await mine.until((t) => t.includes('"stage":"spin"'));
    const line = text.split('\n').find((l) => l.includes('"stage":"spin"'))!;
    expect(JSON.parse(line.slice('data: '.length))).toMatchObject({
      deviceId: cloud.id,
      status: 'operating',
      online: true,
      remainingSeconds: 300,
    });
    await theirs.until(() => false, 300).catch(() => undefined);
    expect(theirs.text()).not.toContain(`"deviceId":${cloud.id}`);
    await Promise.all([mine.close(), theirs.close()]);
  });

  it('refuses a stream without a token', async () => {
    const response = await ctx.app.inject({ url: '/api/v1/device/events' });
    expect(response.statusCode).toBe(401);
  });
});

describe('gateway configuration', () => {
  it('validates the MQTT settings and names the variable', async () => {
    const { loadConfig } = await import('../src/config');
    expect(() => loadConfig({ MQTT_URL: 'http://broker' })).toThrow(/MQTT_URL/);
    expect(() => loadConfig({ MQTT_PASSWORD_FILE: '/etc/mosquitto/passwd' })).toThrow(
      /MQTT_PASSWORD_FILE: only with MQTT_URL/,
    );
    expect(() => loadConfig({ MQTT_SHARED_GROUP: 'api' })).toThrow(/MQTT_SHARED_GROUP: only with MQTT_URL/);
    expect(() => loadConfig({ DEVICE_ACK_TIMEOUT_MS: '10' })).toThrow(/DEVICE_ACK_TIMEOUT_MS/);
    expect(loadConfig({})).toMatchObject({
      MQTT_PORT: 1883,
      DEVICE_ACK_TIMEOUT_MS: 15_000,
      DEVICE_OFFLINE_AFTER_SECONDS: 90,
    });
  });
});
