import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, memberOf } from './helpers/fixtures';
import { createBoundDevice, registerHardware } from './helpers/devices';
import { createTestApp, fastDeviceEnv, type TestContext } from './helpers/test-app';
import { TestDevice } from './helpers/test-device';

let ctx: TestContext;
let url: string;
const devices: TestDevice[] = [];
beforeAll(async () => {
  ctx = await createTestApp(
    { ...fastDeviceEnv, MQTT_MAX_PACKET_BYTES: '65536', MQTT_FAILED_CONNECTS_PER_HWID: '3' },
    undefined,
    { gateway: true },
  );
  url = ctx.gateway!.brokerUrl;
});
afterAll(async () => {
  await Promise.all(devices.map((d) => d.close().catch(() => undefined)));
  await ctx.close();
});

async function connected(merchantId: number) {
  const bound = await createBoundDevice(ctx.db, { merchantId });
  const device = await TestDevice.connect(url, { hwid: bound.hwid, secret: bound.secret });
  devices.push(device);
  return { ...bound, device };
}

const attempt = (options: mqtt.IClientOptions) =>
  mqtt
    .connectAsync(url, { protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 3_000, ...options }, false)
    .then((client) => client.endAsync().then(() => 'accepted'))
    .catch((error: Error) => error.message);

/** A PUBLISH announcing `bytes` of body, then those bytes streamed until the broker hangs up. */
async function sendOversizePublish(device: TestDevice, bytes: number): Promise<number> {
  const socket = device.client.stream;
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  let isClosed = false;
  void closed.then(() => (isClosed = true));
  const lengthBytes: number[] = [];
  for (let left = bytes; ;) {
    const byte = left % 128;
    left = Math.floor(left / 128);
    lengthBytes.push(left > 0 ? byte | 0x80 : byte);
    if (left === 0) break;
  }
  socket.write(Buffer.from([0x32, ...lengthBytes]));
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  let sent = 0;
  while (sent < bytes && !isClosed) {
    if (!socket.write(chunk)) await Promise.race([new Promise((r) => socket.once('drain', r)), closed]);
    sent += chunk.length;
  }
  await Promise.race([closed, new Promise((r) => setTimeout(r, 3_000))]);
  expect(isClosed).toBe(true);
  return sent;
}

describe('packet size', () => {
  it('closes a connection that announces a publish over MQTT_MAX_PACKET_BYTES, before buffering it', async () => {
    const { merchant } = await memberOf(ctx, 'merchant');
    global.gc?.();
    const before = process.memoryUsage();
    for (let i = 0; i < 3; i += 1) {
      const { device } = await connected(merchant.id);
      const sent = await sendOversizePublish(device, 50 * 1024 * 1024);
      expect(sent).toBeLessThan(16 * 1024 * 1024);
    }
    const after = process.memoryUsage();
    expect(after.rss - before.rss).toBeLessThan(50 * 1024 * 1024);
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(50 * 1024 * 1024);
    // A packet within the limit still goes through.
    const { device } = await connected(merchant.id);
    await device.state({ config: { note: 'x'.repeat(1000) } });
  });
});

describe('sale amount limit', () => {
  it('holds an over-limit sale aside: stored with its reason, in no list, total, statistics or wallet', async () => {
    ctx.clock.set(new Date());
    const owner = await memberOf(ctx, 'merchant');
    const { device, hwid } = await connected(owner.merchant.id);
    const normal = await device.event({ kind: 'sale', amount: 6000, payGateway: 'offline' });
    const huge = await device.event({ kind: 'sale', amount: Number.MAX_SAFE_INTEGER, payGateway: 'offline' });
    const overWasherLimit = await device.event({ kind: 'sale', amount: 5_000_001, payGateway: 'offline' });
    const encoreOver = await device.event({ kind: 'sale', amount: 100, encore: 2 ** 52, payGateway: 'offline' });
    // PUBACK came after the commit: everything is stored already.
    const events = (
      await ctx.db.execute<{ event_id: string; held_reason: string | null; transactions: number }>(
        sql`select e.event_id, e.held_reason, (select count(*)::int from transactions t where t.device_event_id = e.id) as transactions
              from device_events e where e.hwid = ${hwid} and e.kind = 'sale'`,
      )
    ).rows;
    const byId = new Map(events.map((e) => [e.event_id, e]));
    expect(byId.get(normal)).toMatchObject({ held_reason: null, transactions: 1 });
    expect(byId.get(huge)).toMatchObject({ held_reason: 'amountOverLimit', transactions: 0 });
    expect(byId.get(overWasherLimit)).toMatchObject({ held_reason: 'amountOverLimit', transactions: 0 });
    expect(byId.get(encoreOver)).toMatchObject({ held_reason: 'encoreOverAmount', transactions: 0 });

    const get = (path: string) => ctx.app.inject({ method: 'GET', url: `/api/v1${path}`, headers: bearer(owner.jwt) });
    const today = new Date().toISOString().slice(0, 10);
    const range = `from=${today}&to=${today}&tz=UTC`;
    const list = await get(`/transaction/list?${range}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().result.items).toHaveLength(1);
    expect(list.json().result.totals).toMatchObject({ total: 6000 });
    const statistics = await get(`/revenue/statistics?${range}`);
    expect(statistics.statusCode).toBe(200);
    expect(JSON.stringify(statistics.json().result)).not.toContain(String(Number.MAX_SAFE_INTEGER));
    const overview = await get('/dashboard/overview');
    expect(overview.statusCode).toBe(200);
    expect(overview.json().result.sales.today.total).toBeLessThanOrEqual(6000);
    const wallet = await get('/wallet/summary');
    expect(wallet.statusCode).toBe(200);
    // Cash never reaches the wallet; neither does anything held aside.
    expect(wallet.json().result).toMatchObject({ inSettlement: 0, settlementAmount: 0 });
  });
});

describe('device secrets', () => {
  it("drops a device's live connection when its secret is rotated, and refuses the old secret at once", async () => {
    const owner = await memberOf(ctx, 'merchant');
    const root = await memberOf(ctx, 'root');
    const { device, hwid, secret } = await connected(owner.merchant.id);
    const dropped = new Promise<void>((resolve) => device.client.once('close', () => resolve()));
    const rotated = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/hardware/${hwid}/secret`,
      headers: bearer(root.jwt),
    });
    expect(rotated.statusCode).toBe(200);
    const started = Date.now();
    await dropped;
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await attempt({ clientId: hwid, username: hwid, password: secret })).toMatch(/Bad username or password/i);
    const fresh = rotated.json().result.secret as string;
    expect(await attempt({ clientId: hwid, username: hwid, password: fresh })).toBe('accepted');
  });
});

describe('device secrets registered before the keyed hash', () => {
  it('still connect, and their scrypt hash is replaced by the keyed one; a wrong secret is refused', async () => {
    const old = await registerHardware(ctx.db, { legacyHash: true });
    const stored = async () =>
      (
        await ctx.db.execute<{ secret_hash: string }>(
          sql`select secret_hash from device_hardware where hwid = ${old.hwid}`,
        )
      ).rows[0]!.secret_hash;
    expect(await stored()).toMatch(/^scrypt\$/);
    const as = (password: string) => attempt({ clientId: old.hwid, username: old.hwid, password });
    expect(await as('wrong-secret-of-the-same-length-x')).toMatch(/Bad username or password/i);
    expect(await stored()).toMatch(/^scrypt\$/);
    expect(await as(old.secret)).toBe('accepted');
    expect(await stored()).toMatch(/^hmac-sha256\$/);
    // Migrated: the same secret again (checked by the keyed hash now), and a wrong one still refused.
    expect(await as(old.secret)).toBe('accepted');
    expect(await as('wrong-secret-of-the-same-length-x')).toMatch(/Bad username or password/i);
  });
});

describe('connect attempts', () => {
  it('answers every wrong secret of a keyed hash as such, so no flood locks a real device out', async () => {
    const known = await registerHardware(ctx.db, {});
    const as = (password: string) => attempt({ clientId: known.hwid, username: known.hwid, password });
    for (let i = 0; i < 6; i += 1) expect(await as(`wrong-${i}`)).toMatch(/Bad username or password/i);
    expect(await as(known.secret)).toBe('accepted');
  });

  it('refuses a hwid with a scrypt hash after too many wrong secrets without hashing the next one', async () => {
    const stranger = await registerHardware(ctx.db, { legacyHash: true });
    const as = (password: string) => attempt({ clientId: stranger.hwid, username: stranger.hwid, password });
    for (let i = 0; i < 3; i += 1) expect(await as(`wrong-${i}`)).toMatch(/Bad username or password/i);
    // Refused before its secret is even looked at: the budget of failures is spent.
    expect(await as(stranger.secret)).toMatch(/Server unavailable/i);
  });

  it(
    'checks MQTT_CONNECTS_PER_SECOND connections a second, evenly, and answers "server unavailable" past a few seconds of waiting',
    { timeout: 180_000 },
    async () => {
      // One a second, each waiting at most 4 s for its turn: of a burst of 60, about 5 are let in and
      // the rest told "server unavailable". What is checked holds at any speed of the machine (the
      // pacer's exact turns are checked on a controlled clock in rate-limiter.test.ts): n admitted
      // took at least n - 1 seconds, never more than one a second over the burst's time, and every
      // other answer is "server unavailable".
      const limited = await createTestApp({ ...fastDeviceEnv, MQTT_CONNECTS_PER_SECOND: '1' }, undefined, {
        gateway: true,
        databaseUrl: ctx.databaseUrl,
      });
      try {
        const hardware = await Promise.all(Array.from({ length: 60 }, () => registerHardware(ctx.db, {})));
        const burst = Date.now();
        const connect = (hw: { hwid: string; secret: string }) =>
          mqtt
            .connectAsync(
              limited.gateway!.brokerUrl,
              {
                clientId: hw.hwid,
                username: hw.hwid,
                password: hw.secret,
                protocolVersion: 4,
                reconnectPeriod: 0,
                // A busy machine answers late: only the broker's answer counts, never a client's timeout.
                connectTimeout: 120_000,
              },
              false,
            )
            .then((client) => client.endAsync().then(() => ({ outcome: 'accepted', at: Date.now() })))
            .catch((error: Error) => ({ outcome: error.message, at: Date.now() }));
        const results = await Promise.all(hardware.map(connect));
        const accepted = results.filter((r) => r.outcome === 'accepted');
        const unavailable = results.filter((r) => /Server unavailable/i.test(r.outcome));
        expect(unavailable.length).toBe(results.length - accepted.length);
        expect(accepted.length).toBeGreaterThanOrEqual(1);
        expect(unavailable.length).toBeGreaterThanOrEqual(1);
        const lastAdmitted = Math.max(...accepted.map((r) => r.at));
        // Evenly: the n-th admission waited for n - 1 turns of a second.
        expect(lastAdmitted - burst).toBeGreaterThanOrEqual((accepted.length - 1) * 1_000 - 50);
        // Never faster than one a second over the burst (its first turn at once, then one a second).
        expect(accepted.length).toBeLessThanOrEqual(1 + Math.floor((lastAdmitted - burst) / 1_000));
        // A refused device that comes back after the burst gets in (a turn at most a second away).
        const retried = hardware[results.findIndex((r) => r.outcome !== 'accepted')]!;
        expect((await connect(retried)).outcome).toBe('accepted');
      } finally {
        await limited.close();
      }
    },
  );

  it('closes connections from an address that opens them faster than MQTT_CONNECTS_PER_ADDRESS', async () => {
    const limited = await createTestApp({ ...fastDeviceEnv, MQTT_CONNECTS_PER_ADDRESS: '5' }, undefined, {
      gateway: true,
      databaseUrl: ctx.databaseUrl,
    });
    try {
      const { hwid } = await registerHardware(ctx.db, {});
      const outcomes: string[] = [];
      for (let i = 0; i < 10; i += 1) {
        const outcome = await mqtt
          .connectAsync(
            limited.gateway!.brokerUrl,
            { clientId: hwid, username: hwid, password: 'wrong', protocolVersion: 4, reconnectPeriod: 0 },
            false,
          )
          .then((client) => client.endAsync().then(() => 'accepted'))
          .catch((error: Error) => error.message);
        outcomes.push(outcome);
      }
      const answered = outcomes.filter((o) => /Bad username or password/i.test(o));
      expect(answered.length).toBeLessThanOrEqual(5);
      expect(outcomes.filter((o) => !/Bad username or password|accepted/i.test(o)).length).toBeGreaterThanOrEqual(5);
    } finally {
      await limited.close();
    }
  });
});
