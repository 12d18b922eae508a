import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicPlace } from '@sbo/contracts';
import { addMember, bearer, createUser, memberOf, merchantToken } from './helpers/fixtures';
import { createBoundDevice, createCloudDevice, createPlace, eventually } from './helpers/devices';
import { startPushService } from './helpers/push-service';
import { createTestApp, fastDeviceEnv, type TestContext } from './helpers/test-app';
import { TestDevice } from './helpers/test-device';
import { eventStream } from './helpers/event-stream';

let ctx: TestContext;
let push: Awaited<ReturnType<typeof startPushService>>;
const devices: TestDevice[] = [];
/** A built web app of two pages, as the api serves apps/web/dist. */
const webDist = mkdtempSync(path.join(tmpdir(), 'place-page-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>back office</title>');
writeFileSync(path.join(webDist, 'consumer.html'), '<!doctype html><title>consumer entry</title>');
beforeAll(async () => {
  push = await startPushService();
  ctx = await createTestApp(
    {
      ...fastDeviceEnv,
      SSE_STREAM_MAX_SECONDS: '30',
      WEB_PUSH_ALLOWED_ORIGINS: push.origin,
      WEB_DIST: webDist,
      // The sweep that sends retries runs often (its time is the test's clock; this is only how soon it looks).
      NOTIFICATION_JOB_SECONDS: '0.5',
    },
    undefined,
    { gateway: true, webPushAgent: push.agent },
  );
});
afterAll(async () => {
  await Promise.all(devices.map((d) => d.close().catch(() => undefined)));
  await ctx?.close();
  await push?.close();
  rmSync(webDist, { recursive: true, force: true });
});

type Role = Parameters<typeof memberOf>[1];

/** A place with a running washer, a free dryer, a faulted washer and an unbound machine; its page still off. */
async function laundry(role: Role = 'merchant') {
  const owner = await memberOf(ctx, role);
  const merchantId = owner.merchant.id;
  const place = await createPlace(ctx.db, merchantId, 'Sunny Corner');
  const connect = async (name: string, kind: 'washer' | 'dryer') => {
    const bound = await createBoundDevice(ctx.db, { merchantId, placeId: place.id, name, kind });
    const device = await TestDevice.connect(ctx.gateway!.brokerUrl, { hwid: bound.hwid, secret: bound.secret, kind });
    devices.push(device);
    return { cloud: bound.device, hwid: bound.hwid, device };
  };
  const running = await connect('Washer 1', 'washer');
  const free = await connect('Dryer 2', 'dryer');
  const faulted = await connect('Washer 3', 'washer');
  const unbound = await createCloudDevice(ctx.db, { merchantId, placeId: place.id, name: 'Washer 4' });
  await running.device.state({ status: 'operating', stage: 'main', remainingSeconds: 1500, currentCourse: 'standard' });
  await free.device.state({ status: 'idle' });
  await faulted.device.state({ status: 'stopped', errorCode: 1303004 });
  await eventually(async () => {
    const rows = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from device_state where hwid in (${running.hwid}, ${free.hwid}, ${faulted.hwid}) and report is not null`,
    );
    return rows.rows[0]!.n === 3 && (await statusOf(running.hwid)) === 'operating';
  });
  const key = (
    await ctx.app.inject({ url: `/api/v1/place/${place.id}/public-page`, headers: bearer(owner.jwt) })
  ).json().result.key as string;
  const turn = (enabled: boolean, jwt = owner.jwt) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/place/${place.id}/public-page`,
      headers: bearer(jwt),
      payload: { enabled },
    });
  return { owner, place, key, running, free, faulted, unbound, turn };
}

async function statusOf(hwid: string) {
  const rows = await ctx.db.execute<{ status: string | null }>(
    sql`select report->>'status' as status from device_state where hwid = ${hwid}`,
  );
  return rows.rows[0]?.status ?? null;
}

const page = (key: string) => ctx.app.inject({ url: `/api/v1/place-page/${key}` });
const ask = (key: string, deviceId: number, payload: unknown, remoteAddress = '10.0.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/place-page/${key}/machine/${deviceId}/done-alert`,
    payload: payload as object,
    remoteAddress,
  });
const alertRows = async (deviceId: number) =>
  (await ctx.db.execute(sql`select id from machine_done_alerts where device_id = ${deviceId}`)).rows.length;

describe('the public page switch', () => {
  it('is off by default: the page answers 404 like an unknown key, and never any data', async () => {
    const { key } = await laundry();
    expect(key).toMatch(/^[a-z0-9]{20}$/);
    const off = await page(key);
    expect(off.statusCode).toBe(404);
    expect(off.json()).toEqual({ code: 404, message: 'The requested address does not exist.' });
    expect(off.body).not.toContain('Sunny Corner');
    expect((await page('0123456789abcdefghij')).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/v1/place-page/${key}/stream` })).statusCode).toBe(404);
    // A key is 20 lower-case letters and digits: a row id is not one.
    expect((await page('1')).statusCode).toBe(400);
  });

  it('may be switched by those who edit places (owner, manager), not by a shareholder or store manager', async () => {
    const { turn, key, place } = await laundry('manager');
    const on = await turn(true);
    expect(on.statusCode).toBe(200);
    expect(on.json().result).toEqual({ enabled: true, key, path: `/p/${key}` });
    expect((await page(key)).statusCode).toBe(200);
    for (const role of ['shareholder', 'storeManager'] as const) {
      const user = await createUser(ctx.db);
      await addMember(ctx.db, { merchantId: place.merchantId, userId: user.id, role });
      const refused = await turn(false, await merchantToken(ctx, user.id, place.merchantId));
      expect(refused.statusCode).toBe(478);
      expect(refused.json().code).toBe(1104016);
    }
    const audit = await ctx.db.execute<{ after: unknown }>(
      sql`select after from audit_log where entity = 'place' and entity_id = ${String(place.id)} order by id desc limit 1`,
    );
    expect(audit.rows[0]!.after).toEqual({ publicPage: true });
    expect((await turn(false)).json().result.enabled).toBe(false);
    expect((await page(key)).statusCode).toBe(404);
  });
});

describe('GET /p/:key (the address on the QR code)', () => {
  it("serves the consumer entry's page, never the back office's, and 404 while the page is off", async () => {
    const { key, turn } = await laundry();
    const open = (address: string) =>
      ctx.app.inject({ url: address, headers: { accept: 'text/html', host: '127.0.0.1:9' } });
    const off = await open(`/p/${key}`);
    expect(off.statusCode).toBe(404);
    expect(off.body).toContain('consumer entry');
    expect(off.body).not.toContain('Sunny Corner');
    await turn(true);
    const on = await open(`/p/${key}`);
    expect(on.statusCode).toBe(200);
    expect(on.headers['content-type']).toContain('text/html');
    expect(on.body).toContain('consumer entry');
    expect(on.body).not.toContain('back office');
    expect((await open('/p/12')).statusCode).toBe(404);
  });
});

describe('GET /place-page/:key', () => {
  it('shows each machine free, in use (with minutes left), or out of order, and nothing else', async () => {
    const { key, turn, running, free, faulted, unbound, owner } = await laundry();
    await turn(true);
    ctx.clock.advance(60_000);
    const answer = await page(key);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const result = answer.json().result;
    // Exactly the declared schema: a field not in publicPlace would fail this strict parse.
    expect(publicPlace.parse(result)).toEqual(result);
    expect(Object.keys(result).sort()).toEqual(['address', 'machines', 'pushKey', 'title']);
    expect(result.title).toBe('Sunny Corner');
    const byName = Object.fromEntries(result.machines.map((m: { name: string }) => [m.name, m]));
    expect(byName['Dryer 2']).toEqual({
      id: free.cloud.id,
      name: 'Dryer 2',
      kind: 'dryer',
      state: 'free',
      remainingSeconds: null,
    });
    expect(byName['Washer 1']).toMatchObject({ kind: 'washer', state: 'inUse' });
    expect(byName['Washer 1'].remainingSeconds).toBeGreaterThan(0);
    expect(byName['Washer 1'].remainingSeconds).toBeLessThanOrEqual(1500);
    expect(byName['Washer 3']).toMatchObject({ state: 'outOfOrder', remainingSeconds: null });
    expect(byName['Washer 4']).toMatchObject({ id: unbound.id, state: 'outOfOrder' });
    for (const machine of result.machines)
      expect(Object.keys(machine).sort()).toEqual(['id', 'kind', 'name', 'remainingSeconds', 'state']);
    // No hardware id, serial number, merchant, money or staff anywhere in the answer.
    for (const secret of [
      running.hwid,
      free.hwid,
      faulted.hwid,
      unbound.serialNum,
      owner.user.email,
      'merchant',
      'amount',
      'coin',
      'cashBox',
      'errorCode',
      '1303004',
    ])
      expect(answer.body).not.toContain(secret);
  });
});

describe('GET /place-page/:key/stream', () => {
  it("sends a machine's new public state when its controller reports, in the public shape only", async () => {
    const { key, turn, running } = await laundry();
    await turn(true);
    const address = await listening();
    const response = await fetch(`${address}/api/v1/place-page/${key}/stream`);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const stream = eventStream(response);
    await stream.until((t) => t.includes('event: ready'));
    await running.device.state({ status: 'done', stage: 'done', remainingSeconds: null });
    const text = await stream.until((t) => t.includes('"state":"done"'));
    const line = text.split('\n').find((l) => l.includes('"state":"done"'))!;
    expect(JSON.parse(line.slice('data: '.length))).toEqual({
      id: running.cloud.id,
      state: 'done',
      remainingSeconds: null,
    });
    expect(text).not.toContain(running.hwid);
    expect(text).not.toContain('"stage"');
    await stream.close();
    expect((await page(key)).json().result.machines.find((m: { name: string }) => m.name === 'Washer 1').state).toBe(
      'done',
    );
  });

  it('ends open streams at their next update once the owner turns the page off', async () => {
    const { key, turn, running } = await laundry();
    await turn(true);
    const address = await listening();
    const stream = eventStream(await fetch(`${address}/api/v1/place-page/${key}/stream`));
    await stream.until((t) => t.includes('event: ready'));
    await turn(false);
    await running.device.state({ status: 'done', stage: 'done', remainingSeconds: null });
    const text = await stream.until(() => false, 60_000).catch((error: Error) => error.message);
    expect(text).not.toContain('event: machine');
    expect(stream.ended()).toBe(true);
  });
});

describe('POST /place-page/:key/machine/:deviceId/done-alert', () => {
  it('takes only a well-formed https subscription of an allowed push service, for a running machine of this place', async () => {
    const { key, turn, unbound } = await laundry();
    const runningId = await idOf(key, 'Washer 1', turn);
    const browser = push.subscription();
    const good = { ...browser, language: 'en' };
    const refusedBodies = [
      { ...good, endpoint: browser.endpoint.replace('https:', 'http:') },
      { ...good, endpoint: 'https://evil.example.com/push/1' },
      { ...good, endpoint: 'not a url' },
      { ...good, endpoint: `https://fcm.googleapis.com/${'a'.repeat(1100)}` },
      { ...good, keys: { p256dh: 'short', auth: browser.keys.auth } },
      { ...good, keys: { ...browser.keys, auth: 'x'.repeat(200) } },
      { ...good, language: 'fr' },
      { ...good, extra: 'field' },
      { ...good, keys: { ...browser.keys, padding: 'y'.repeat(3000) } },
    ];
    for (const bad of refusedBodies) {
      const refused = await ask(key, runningId, bad, '10.0.1.1');
      expect(refused.statusCode, JSON.stringify(bad).slice(0, 120)).toBe(400);
    }
    expect(await alertRows(runningId)).toBe(0);
    // A free machine has no cycle to wait for; an unbound or unknown machine, or one elsewhere, is not on this page.
    const freeId = await idOf(key, 'Dryer 2', turn);
    const idle = await ask(key, freeId, good, '10.0.1.2');
    expect(idle.statusCode).toBe(478);
    expect(idle.json().code).toBe(1710005);
    expect((await ask(key, 999_999, good, '10.0.1.2')).statusCode).toBe(404);
    const elsewhere = await laundry();
    await elsewhere.turn(true);
    expect((await ask(key, await idOf(elsewhere.key, 'Washer 1', elsewhere.turn), good, '10.0.1.2')).statusCode).toBe(
      404,
    );
    expect((await ask(key, unbound.id, good, '10.0.1.2')).statusCode).toBe(478);
    const taken = await ask(key, runningId, good, '10.0.1.2');
    expect(taken.statusCode).toBe(200);
    expect(taken.json().result).toEqual({ waiting: true });
    // Asking again from the same browser keeps one alert.
    await ask(key, runningId, good, '10.0.1.2');
    expect(await alertRows(runningId)).toBe(1);
    // The page turned off: nothing more is taken.
    await turn(false);
    expect((await ask(key, runningId, { ...push.subscription(), language: 'en' }, '10.0.1.3')).statusCode).toBe(404);
  });

  it('keeps at most 20 browsers waiting on one machine, and 10 asks an hour from one address', async () => {
    const { key, turn } = await laundry();
    const runningId = await idOf(key, 'Washer 1', turn);
    for (let i = 0; i < 20; i += 1) {
      const taken = await ask(key, runningId, { ...push.subscription(), language: 'en' }, `10.0.2.${i}`);
      expect(taken.statusCode).toBe(200);
    }
    const full = await ask(key, runningId, { ...push.subscription(), language: 'en' }, '10.0.2.99');
    expect(full.statusCode).toBe(429);
    expect(full.json().code).toBe(429);
    expect(await alertRows(runningId)).toBe(20);

    const other = await laundry();
    const otherId = await idOf(other.key, 'Washer 1', other.turn);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await ask(other.key, otherId, { ...push.subscription(), language: 'en' }, '10.0.3.1')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('pushes once, in the asker’s language, when the cycle ends, then forgets the subscription', async () => {
    const { key, turn, running } = await laundry();
    const runningId = await idOf(key, 'Washer 1', turn);
    const thai = push.subscription();
    const english = push.subscription();
    expect((await ask(key, runningId, { ...thai, language: 'th' }, '10.0.4.1')).statusCode).toBe(200);
    expect((await ask(key, runningId, { ...english, language: 'en' }, '10.0.4.2')).statusCode).toBe(200);
    const before = push.deliveries.length;
    await running.device.state({ status: 'operating', stage: 'spin', remainingSeconds: 60 });
    // Still running: nothing is sent.
    await eventually(async () => (await statusOf(running.hwid)) === 'operating');
    await running.device.state({ status: 'done', stage: 'done', remainingSeconds: null });
    await eventually(async () => push.deliveries.length >= before + 2);
    const arrived = push.deliveries.slice(before);
    const byPath = (endpoint: string) => arrived.filter((d) => d.path === new URL(endpoint).pathname);
    expect(byPath(thai.endpoint)).toHaveLength(1);
    expect(byPath(english.endpoint)).toHaveLength(1);
    const thaiText = thai.decrypt(byPath(thai.endpoint)[0]!.body);
    expect(thaiText.title).toBe('Washer 1 เสร็จแล้ว');
    expect(thaiText.body).toContain('Sunny Corner');
    expect(thaiText.link).toBe(`/p/${key}`);
    expect(english.decrypt(byPath(english.endpoint)[0]!.body).title).toBe('Washer 1 is done');
    expect(byPath(thai.endpoint)[0]!.signatureValid).toBe(true);
    expect(await alertRows(runningId)).toBe(0);
    // Back in standby and a next cycle: nothing more is sent for the old one.
    await running.device.state({ status: 'idle', stage: 'none' });
    await eventually(async () => (await statusOf(running.hwid)) === 'idle');
    expect(push.deliveries.length).toBe(before + 2);
  });

  it('tries again later when the push service cannot take an alert now, three more times at most', async () => {
    const { key, turn, running } = await laundry();
    const runningId = await idOf(key, 'Washer 1', turn);
    const browser = push.subscription();
    const arrivedAt = () => push.deliveries.filter((d) => d.path === new URL(browser.endpoint).pathname);
    const waiting = async () =>
      (
        await ctx.db.execute<{ attempts: number; retry_at: string }>(
          sql`select attempts, retry_at from machine_done_alerts where device_id = ${runningId}`,
        )
      ).rows[0];
    /** After the alert's `tries`-th failed send (`sent` in all to this browser): back for `waitMs` later. */
    const retriedAfter = async (sent: number, tries: number, waitMs: number) => {
      await eventually(async () => arrivedAt().length === sent && (await waiting())?.attempts === tries);
      expect(new Date((await waiting())!.retry_at).getTime()).toBe(ctx.clock.now().getTime() + waitMs);
      ctx.clock.advance(waitMs);
    };

    // Busy (429), then failing (503), then taken: the customer is told, late rather than never.
    expect((await ask(key, runningId, { ...browser, language: 'en' }, '10.0.5.1')).statusCode).toBe(200);
    push.answer(429, 503);
    await running.device.state({ status: 'done', stage: 'done', remainingSeconds: null });
    await retriedAfter(1, 1, 60_000);
    await retriedAfter(2, 2, 5 * 60_000);
    await eventually(async () => arrivedAt().length === 3 && (await alertRows(runningId)) === 0);
    expect(browser.decrypt(arrivedAt()[2]!.body).title).toBe('Washer 1 is done');

    // A service that keeps failing is given up after the fourth try.
    await running.device.state({ status: 'operating', stage: 'main', remainingSeconds: 1500 });
    await eventually(async () => (await statusOf(running.hwid)) === 'operating');
    expect((await ask(key, runningId, { ...browser, language: 'en' }, '10.0.5.1')).statusCode).toBe(200);
    push.answerAlways(503);
    try {
      await running.device.state({ status: 'done', stage: 'done', remainingSeconds: null });
      await retriedAfter(4, 1, 60_000);
      await retriedAfter(5, 2, 5 * 60_000);
      await retriedAfter(6, 3, 15 * 60_000);
      await eventually(async () => arrivedAt().length === 7 && (await alertRows(runningId)) === 0);
    } finally {
      push.answerAlways(null);
    }
  });
});

let address: Promise<string> | null = null;
/** The app on a real port (streams are read through fetch), once for the file. */
const listening = () => (address ??= ctx.app.listen({ port: 0, host: '127.0.0.1' }));

async function idOf(key: string, name: string, turn: (enabled: boolean) => Promise<unknown>): Promise<number> {
  await turn(true);
  const machines = (await page(key)).json().result.machines as { id: number; name: string }[];
  return machines.find((m) => m.name === name)!.id;
}
