import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, notificationKinds } from '@sbo/contracts';
import { startDeviceWatch } from '../src/modules/notification/device-watch';
import { startSalesWatch } from '../src/modules/notification/sales-watch';
import { createCardRequests } from '../src/modules/gateway/card-requests';
import { cardFailureQueue, enqueueJob } from '../src/lib/job-queue';
import { deliverAt, raiseNotification } from '../src/modules/notification/raise';
import { addMember, bearer, createUser, memberOf, merchantToken } from './helpers/fixtures';
import { createBoundDevice, createPlace, enableWhitelist } from './helpers/devices';
import { insertSale } from './helpers/sales';
import { cardShop } from './helpers/card-shop';
import { createCardDesk } from '../src/modules/cards/service';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let watch: { runDue(): Promise<number> };
beforeAll(async () => {
  // Streams stay open long enough for the streaming test to see an event arrive on a busy machine.
  ctx = await createTestApp({ NOTIFICATION_JOB_SECONDS: '0', SSE_STREAM_MAX_SECONDS: '30' });
  const devices = startDeviceWatch({ pool: ctx.pool, db: ctx.db, clock: ctx.clock });
  const sales = startSalesWatch({ pool: ctx.pool, db: ctx.db, clock: ctx.clock });
  watch = { runDue: async () => (await devices.runDue()) + (await sales.runDue()) };
});
afterAll(() => ctx.close());

const get = (jwt: string, url: string) => ctx.app.inject({ url: `/api/v1${url}`, headers: bearer(jwt) });
const post = (jwt: string, url: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: bearer(jwt) });
const put = (jwt: string, url: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: `/api/v1${url}`, headers: bearer(jwt), payload });

/** An owner, two machines, a manager whitelisted to the first, and a store manager without the notification group. */
async function shop() {
  const owner = await memberOf(ctx, 'merchant');
  const merchantId = owner.merchant.id;
  const washer = await createBoundDevice(ctx.db, { merchantId, name: 'Washer 1' });
  const dryer = await createBoundDevice(ctx.db, { merchantId, name: 'Dryer 1', kind: 'dryer' });
  const member = async (role: 'manager' | 'storeManager', groups: ('notification' | 'remoteControl')[]) => {
    const user = await createUser(ctx.db);
    const row = await addMember(ctx.db, { merchantId, userId: user.id, role, groups });
    return { user, member: row, jwt: await merchantToken(ctx, user.id, merchantId) };
  };
  const manager = await member('manager', ['notification']);
  await enableWhitelist(ctx.db, { merchantId, memberId: manager.member.id, deviceIds: [washer.device.id] }, ctx.app);
  const store = await member('storeManager', ['remoteControl']);
  return { owner, merchantId, washer, dryer, manager, store };
}

type Machine = Awaited<ReturnType<typeof createBoundDevice>>;

/** What the gateway writes when a machine reports a fault: the device-log row (its trigger queues the work). */
async function fault(merchantId: number, machine: Machine, code: number) {
  await ctx.pool.query(
    `insert into device_logs (merchant_id, device_id, hwid, log_type, content_key, content, content_params, code)
     values ($1, $2, $3, 'error', 'deviceLog.error.raised', $4, $5, $6)`,
    [merchantId, machine.device.id, machine.hwid, `${code} fault`, { code, detail: null }, code],
  );
}

let tick = 0;
/**
 * What the presence tracking writes when a machine's link goes down or comes back: the state flips and
 * its log row, at the same instant (here a millisecond later each time on the test's clock).
 */
async function link(merchantId: number, machine: Machine, online: boolean) {
  const at = new Date(ctx.clock.now().getTime() + (tick += 1));
  await ctx.pool.query(
    `insert into device_state (hwid, online, online_changed_at, last_seen_at) values ($1, $2, $3, $3)
     on conflict (hwid) do update set online = excluded.online, online_changed_at = excluded.online_changed_at`,
    [machine.hwid, online, at],
  );
  const key = online ? 'deviceLog.connection.online' : 'deviceLog.connection.offline.lastWill';
  await ctx.pool.query(
    `insert into device_logs (merchant_id, device_id, hwid, log_type, content_key, content, content_params, created_at)
     values ($1, $2, $3, 'connection', $4, $4, '{}', $5)`,
    [merchantId, machine.device.id, machine.hwid, key, at],
  );
}

const kindsOf = async (jwt: string, query = '') =>
  ((await get(jwt, `/notification/list${query}`)).json().result.items as { kind: string; deviceName: string }[]).map(
    (item) => `${item.kind}:${item.deviceName}`,
  );

/** Push deliveries queued for these events (by default only critical events are pushed). */
const pushJobsFor = async (eventIds: number[]) =>
  (
    await ctx.pool.query<{ n: number }>(
      `select count(*)::int as n from background_jobs where queue = 'notify.push' and (payload->>'eventId')::bigint = any($1)`,
      [eventIds],
    )
  ).rows[0]!.n;

describe('notification events', () => {
  it('raises a fault at once with its code, machine, place and a link to the log that explains it', async () => {
    const { owner, merchantId, washer } = await shop();
    await fault(merchantId, washer, 1303001);
    await watch.runDue();
    const list = (await get(owner.jwt, '/notification/list')).json().result;
    expect(list.total).toBe(1);
    expect(list.unread).toBe(1);
    expect(list.items[0]).toMatchObject({
      kind: 'deviceError',
      group: 'device',
      code: 1303001,
      critical: true,
      read: false,
      deviceId: washer.device.id,
      deviceName: 'Washer 1',
      hwid: washer.hwid,
    });
    expect(list.items[0].link).toMatch(
      new RegExp(`^/device-log\\?deviceId=${washer.device.id}&logType=error&range=custom`),
    );
    // A fault is pushed by default (to each member who may see the machine).
    expect(await pushJobsFor([list.items[0].id])).toBeGreaterThan(0);
    // The job ran once: running again raises nothing new.
    await watch.runDue();
    expect((await get(owner.jwt, '/notification/list')).json().result.total).toBe(1);
  });

  it('raises a fault of a machine at a place that takes the OK card as an OK machine fault', async () => {
    const { owner, merchantId } = await shop();
    const place = await createPlace(ctx.db, merchantId, 'OK corner');
    const okWasher = await createBoundDevice(ctx.db, { merchantId, name: 'OK washer', placeId: place.id });
    await ctx.pool.query(
      `insert into card_settings (merchant_id, program, points_rule, place_ids) values ($1, 'ok', '{}', $2)`,
      [merchantId, JSON.stringify([place.id])],
    );
    await fault(merchantId, okWasher, 1303001);
    await watch.runDue();
    const items = (await get(owner.jwt, '/notification/list')).json().result.items;
    expect(items).toEqual([
      expect.objectContaining({ kind: 'okMachineError', group: 'okMachine', placeName: 'OK corner' }),
    ]);
  });

  it('shows each member only the machines of their whitelist, and nothing without the notification group', async () => {
    const { owner, merchantId, washer, dryer, manager, store } = await shop();
    await fault(merchantId, washer, 1303001);
    await fault(merchantId, dryer, 1304002);
    await watch.runDue();
    expect(await kindsOf(owner.jwt)).toHaveLength(2);
    expect(await kindsOf(manager.jwt)).toEqual(['deviceError:Washer 1']);
    const refused = await get(store.jwt, '/notification/list');
    expect(refused.statusCode).toBe(478);
    expect(refused.json().code).not.toBe(ErrorCode.SERVER_ERROR);
    // Another merchant's owner sees none of it.
    const other = await memberOf(ctx, 'merchant');
    expect(await kindsOf(other.jwt)).toEqual([]);
  });

  it('raises one offline alert for a machine that stays offline past the grace, and one back-online after it', async () => {
    const { owner, merchantId, washer } = await shop();
    await link(merchantId, washer, true);
    // Flapping: down and up again within the grace, three times.
    for (let n = 0; n < 3; n += 1) {
      await link(merchantId, washer, false);
      await link(merchantId, washer, true);
    }
    await link(merchantId, washer, false);
    await watch.runDue();
    expect(await kindsOf(owner.jwt)).toEqual([]);
    ctx.clock.advance(6 * 60_000);
    await watch.runDue();
    ctx.clock.advance(-6 * 60_000);
    expect(await kindsOf(owner.jwt)).toEqual(['deviceOffline:Washer 1']);
    await link(merchantId, washer, true);
    await watch.runDue();
    expect(await kindsOf(owner.jwt)).toEqual(['deviceOnline:Washer 1', 'deviceOffline:Washer 1']);
    // A machine that merely came online (no alert before) raises nothing.
    await link(merchantId, washer, false);
    await link(merchantId, washer, true);
    ctx.clock.advance(6 * 60_000);
    await watch.runDue();
    ctx.clock.advance(-6 * 60_000);
    expect(await kindsOf(owner.jwt)).toHaveLength(2);
  });

  it('raises a payment refunded because the machine did not start, and a sale no payment confirms', async () => {
    const { owner, merchantId, washer } = await shop();
    const at = ctx.clock.now();
    // An order paid and refunded because the machine did not answer, with its sale; another refunded by hand.
    for (const [publicId, reason] of [
      ['ord-noanswer', 'noAnswer'],
      ['ord-byhand', null],
    ] as const) {
      const order = await ctx.pool.query<{ id: string }>(
        `insert into checkout_orders (public_id, merchant_id, device_id, course_code, course_name, amount, currency, gateway,
           provider, status, reason, theme, client_request_id, created_at, updated_at)
         values ($1, $2, $3, 'std', 'Standard', 6000, 'TWD', 'LinePay', 'sandbox', 'refunded', $4, 'custom', $1, $5, $5)
         returning id`,
        [`${publicId}-${merchantId}`, merchantId, washer.device.id, reason, at],
      );
      await ctx.pool.query(`insert into checkout_order_events (order_id, status, at) values ($1, 'refunded', $2)`, [
        order.rows[0]!.id,
        at,
      ]);
    }
    const sale = await insertSale(ctx.db, {
      merchantId,
      deviceId: washer.device.id,
      createdAt: at,
      status: 97,
      payGateway: 'JkoPay',
      total: 3000,
    });
    await insertSale(ctx.db, { merchantId, deviceId: washer.device.id, createdAt: at });
    await watch.runDue();
    const items = (await get(owner.jwt, '/notification/list')).json().result.items;
    expect(items.map((item: { kind: string }) => item.kind).sort()).toEqual(['paymentRefunded', 'unverifiedPayment']);
    const unverified = items.find((item: { kind: string }) => item.kind === 'unverifiedPayment');
    expect(unverified).toMatchObject({ params: { amount: 3000, gateway: 'JkoPay', saleId: sale.id } });
    expect(unverified.link).toBe(`/dashboard/transaction-record?detail=${sale.id}`);
    const refund = items.find((item: { kind: string }) => item.kind === 'paymentRefunded');
    expect(refund.params).toMatchObject({ amount: 6000, reason: 'noAnswer', course: 'Standard' });
    // By default they wait in the centre: nothing is pushed for them.
    expect(await pushJobsFor(items.map((item: { id: number }) => item.id))).toBe(0);
  });

  it('raises a settlement failure (1001) for a card charge the card desk could not settle', async () => {
    const { owner, washer } = await shop();
    // The gateway's card requests report a desk failure; the gateway queues it as below.
    const failed: string[] = [];
    const requests = createCardRequests({
      desk: {
        authorize: async () => {
          throw new Error('database away');
        },
        void: async () => {
          throw new Error('database away');
        },
      },
      publish: async () => undefined,
      log: { warn: () => undefined, error: () => undefined, info: () => undefined } as never,
      onFailure: (hwid, request) => failed.push(`${hwid}:${request.requestId}`),
    });
    await requests.handle(washer.hwid, {
      v: 1,
      kind: 'authorize',
      requestId: 'r-1',
      card: '5000000001',
      amount: 60,
    } as never);
    expect(failed).toEqual([`${washer.hwid}:r-1`]);
    await enqueueJob(
      ctx.pool,
      cardFailureQueue,
      { hwid: washer.hwid, requestId: 'r-1', kind: 'authorize', at: ctx.clock.now().toISOString() },
      { runAt: new Date(0), dedupeKey: `${washer.hwid}:r-1` },
    );
    await watch.runDue();
    const items = (await get(owner.jwt, '/notification/list')).json().result.items;
    expect(items).toEqual([expect.objectContaining({ kind: 'settlementFailed', code: 1001, deviceName: 'Washer 1' })]);
  });

  it('answers a failed settlement by what it draws: 1001 the card, 1002 the e-voucher (points), 1003 both', async () => {
    const shop = await cardShop(ctx, { pointValue: 100 });
    const hwid = shop.machines[0]!.hwid;
    const points = (card: { id: number }, pointChange: number) =>
      shop.call(
        'POST',
        `/vip-card/${card.id}/adjust`,
        { pointChange, reason: 'welcome' },
        { 'idempotency-key': randomUUID() },
      );
    const cardOnly = await shop.issue(20000);
    const voucherOnly = await shop.issue(0);
    await points(voucherOnly, 100);
    const both = await shop.issue(20000);
    await points(both, 25);
    const voided = await shop.issue(20000);
    await points(voided, 25);
    const failed = async (requestId: string, request: object) =>
      enqueueJob(
        ctx.pool,
        cardFailureQueue,
        { hwid, requestId, ...request, at: ctx.clock.now().toISOString() },
        { runAt: new Date(0), dedupeKey: `${hwid}:${requestId}` },
      );
    await failed('c-1', { kind: 'authorize', card: cardOnly.number, amount: 6000 });
    await failed('c-2', { kind: 'authorize', card: voucherOnly.number, amount: 6000 });
    await failed('c-3', { kind: 'authorize', card: both.number, amount: 6000 });
    // A void that could not be settled: what its approval took (25 points and the rest from the balance).
    const approved = await createCardDesk({ db: ctx.db, clock: ctx.clock }).authorize({
      hwid,
      requestId: 'c-4',
      card: voided.number,
      amount: 3000,
    });
    expect(approved).toMatchObject({ result: '0000', pointsUsed: 25, balanceUsed: 500 });
    await failed('c-4', { kind: 'void' });
    await watch.runDue();
    const items = (await get(shop.owner.jwt, '/notification/list')).json().result.items as {
      kind: string;
      code: number;
      params: { request: string };
    }[];
    expect(items.every((item) => item.kind === 'settlementFailed')).toBe(true);
    expect(items.map((item) => `${item.params.request}:${item.code}`).sort()).toEqual([
      'authorize:1001',
      'authorize:1002',
      'authorize:1003',
      'void:1003',
    ]);
  });

  it('filters by kind, machine and read state; marks one and all read', async () => {
    const { owner, merchantId, washer, dryer } = await shop();
    await fault(merchantId, washer, 1303001);
    await fault(merchantId, dryer, 1304002);
    await fault(merchantId, dryer, 1304003);
    await watch.runDue();
    expect(await kindsOf(owner.jwt, `?deviceId=${dryer.device.id}`)).toEqual([
      'deviceError:Dryer 1',
      'deviceError:Dryer 1',
    ]);
    expect(await kindsOf(owner.jwt, '?kind=deviceOffline')).toEqual([]);
    const first = (await get(owner.jwt, '/notification/list?pageSize=1')).json().result;
    expect(first).toMatchObject({ total: 3, unread: 3, pageSize: 1 });
    const read = await post(owner.jwt, `/notification/${first.items[0].id}/read`);
    expect(read.json().result.read).toBe(true);
    expect((await get(owner.jwt, '/notification/unread-count')).json().result.unread).toBe(2);
    expect(await kindsOf(owner.jwt, '?unread=false')).toHaveLength(1);
    expect((await post(owner.jwt, '/notification/read-all')).json().result.updated).toBe(2);
    expect((await get(owner.jwt, '/notification/unread-count')).json().result.unread).toBe(0);
    // Another member's event, or none at all, is not found.
    const other = await memberOf(ctx, 'merchant');
    const refused = await post(other.jwt, `/notification/${first.items[0].id}/read`);
    expect(refused.json().code).toBe(ErrorCode.DATA_NOT_FOUND);
  });
});

describe('GET /notification/events', () => {
  it('streams a new notification to the member, with the token as ?token= (EventSource sends no headers)', async () => {
    const { owner, merchantId, washer, store } = await shop();
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/v1/notification/events?token=${owner.jwt}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const until = async (condition: (text: string) => boolean) => {
      const deadline = Date.now() + 60_000;
      while (!condition(text) && Date.now() < deadline) {
        const next = await Promise.race([
          reader.read(),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
        ]);
        if (next?.done) break;
        if (next?.value) text += decoder.decode(next.value);
      }
      return text;
    };
    expect(await until((t) => t.includes('event: ready'))).toContain('event: ready');
    await fault(merchantId, washer, 1303004);
    await watch.runDue();
    const streamed = await until((t) => t.includes('event: notification'));
    const line = streamed.split('\n').find((l) => l.startsWith('data: {"id"'))!;
    expect(JSON.parse(line.slice('data: '.length))).toMatchObject({ kind: 'deviceError', code: 1303004, read: false });
    await reader.cancel();
    // Without the notification group, or without any token, no stream.
    // The product answers a missing permission group as the other refusals of this file (478).
    expect((await fetch(`${address}/api/v1/notification/events?token=${store.jwt}`)).status).toBe(478);
    expect((await ctx.app.inject({ url: '/api/v1/notification/events' })).statusCode).toBe(401);
  });
});

describe('notification settings', () => {
  it('starts from the defaults and keeps what the member chooses', async () => {
    const { owner } = await shop();
    const settings = (await get(owner.jwt, '/notification/settings')).json().result;
    expect(Object.keys(settings.kinds).sort()).toEqual([...notificationKinds].sort());
    expect(settings).toMatchObject({
      quietHours: null,
      report: 'off',
      criticalKinds: ['deviceError', 'okMachineError'],
    });
    // Everything in the centre; pushed only what needs someone now, not every unverified payment or refund.
    const pushed = notificationKinds.filter((kind) => settings.kinds[kind].push);
    expect(pushed.sort()).toEqual(['deviceError', 'deviceOffline', 'okMachineError', 'settlementFailed']);
    for (const kind of notificationKinds) expect(settings.kinds[kind].inApp, kind).toBe(true);
    const changed = await put(owner.jwt, '/notification/settings', {
      kinds: { ...settings.kinds, deviceOnline: { inApp: false, push: false, line: false, email: false } },
      criticalKinds: ['deviceOffline'],
      quietHours: { from: '22:00', to: '07:00' },
      report: 'off',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().result).toMatchObject({
      criticalKinds: ['deviceOffline'],
      quietHours: { from: '22:00', to: '07:00' },
      report: 'off',
    });
  });

  it('says LINE is not set up on this server (10015) rather than blame the account, and refuses bad quiet hours (400), changing nothing', async () => {
    const { owner } = await shop();
    const settings = (await get(owner.jwt, '/notification/settings')).json().result;
    expect(settings.channels.lineAvailable).toBe(false);
    const withLine = await put(owner.jwt, '/notification/settings', {
      ...settings,
      kinds: { ...settings.kinds, deviceError: { inApp: true, push: true, line: true, email: false } },
    });
    expect(withLine.json()).toEqual({ code: ErrorCode.LINE_NOT_SET_UP, message: 'LINE is not set up on this server.' });
    const linking = await post(owner.jwt, '/notification/line/link-code');
    expect(linking.json()).toEqual({ code: ErrorCode.LINE_NOT_SET_UP, message: 'LINE is not set up on this server.' });
    const testing = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/notification/test',
      headers: bearer(owner.jwt),
      payload: { channel: 'line' },
    });
    expect(testing.json().code).toBe(ErrorCode.LINE_NOT_SET_UP);
    const badClock = await put(owner.jwt, '/notification/settings', {
      ...settings,
      quietHours: { from: '25:00', to: '07:00' },
    });
    expect(badClock.statusCode).toBe(400);
    expect((await get(owner.jwt, '/notification/settings')).json().result.quietHours).toBeNull();
  });

  it('refuses to turn e-mail on (an event, the report) where no mail server is set up, and keeps what was chosen before', async () => {
    const { owner, merchantId } = await shop();
    const settings = (await get(owner.jwt, '/notification/settings')).json().result;
    expect(settings.channels.emailAvailable).toBe(false);
    const withEmail = await put(owner.jwt, '/notification/settings', {
      ...settings,
      kinds: { ...settings.kinds, deviceError: { inApp: true, push: true, line: false, email: true } },
      report: 'daily',
    });
    expect(withEmail.statusCode).toBe(400);
    expect(
      withEmail
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['body.kinds.deviceError.email', 'body.report']);
    const after = (await get(owner.jwt, '/notification/settings')).json().result;
    expect(after.kinds.deviceError.email).toBe(false);
    expect(after.report).toBe('off');
    // Chosen while the server still had mail settings: saved again unchanged, it is accepted.
    await ctx.pool.query(
      `insert into notification_settings (user_id, merchant_id, kinds, critical_kinds, report)
       values ($1, $2, $3, '{}'::text[], 'weekly')
       on conflict (user_id, merchant_id) do update set kinds = excluded.kinds, report = excluded.report`,
      [
        owner.user.id,
        merchantId,
        JSON.stringify({ ...settings.kinds, deviceError: { inApp: true, push: false, line: false, email: true } }),
      ],
    );
    const kept = (await get(owner.jwt, '/notification/settings')).json().result;
    const again = await put(owner.jwt, '/notification/settings', {
      kinds: kept.kinds,
      criticalKinds: kept.criticalKinds,
      quietHours: kept.quietHours,
      report: kept.report,
    });
    expect(again.statusCode).toBe(200);
  });

  it('holds back a normal event during quiet hours and not a critical one', async () => {
    const { owner, merchantId, washer } = await shop();
    ctx.clock.set(new Date('2026-11-22T02:00:00Z'));
    const settings = (await get(owner.jwt, '/notification/settings')).json().result;
    // The merchant's clock is Asia/Taipei: 02:00 UTC is 10:00 there, inside 09:00-12:00.
    await put(owner.jwt, '/notification/settings', {
      ...settings,
      criticalKinds: ['deviceError'],
      quietHours: { from: '09:00', to: '12:00' },
    });
    const now = ctx.clock.now();
    const raise = (kind: 'deviceError' | 'deviceOffline', key: string) =>
      raiseNotification(ctx.db, { merchantId, deviceId: washer.device.id, kind, dedupeKey: key, occurredAt: now }, now);
    const critical = await raise('deviceError', 'q1');
    const normal = await raise('deviceOffline', 'q2');
    const jobs = await ctx.pool.query<{ event: string; run_at: Date }>(
      `select payload ->> 'eventId' as event, run_at from background_jobs where queue = 'notify.push'
        and (payload ->> 'userId')::int = $1 order by id`,
      [owner.user.id],
    );
    const runAt = Object.fromEntries(jobs.rows.map((row) => [Number(row.event), row.run_at.getTime()]));
    expect(runAt[critical!]).toBe(now.getTime());
    expect(runAt[normal!]).toBe(now.getTime() + 2 * 3_600_000);
    // Both are in the center at once.
    expect((await get(owner.jwt, '/notification/unread-count')).json().result.unread).toBe(2);
  });
});

describe('quiet hours', () => {
  const recipient = { user_id: 1, kinds: null, critical_kinds: null, timezone: 'Asia/Taipei' };
  it('runs across midnight on the merchant clock', () => {
    const quiet = { ...recipient, quiet_from: 22 * 60, quiet_to: 7 * 60 };
    // 23:30 in Taipei is 15:30 UTC: held until 07:00 Taipei, 23:00 UTC.
    expect(deliverAt(new Date('2026-11-22T15:30:00Z'), quiet, false).toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(deliverAt(new Date('2026-11-22T15:30:00Z'), quiet, true).toISOString()).toBe('2026-11-22T15:30:00.000Z');
    // 07:00 Taipei is outside [22:00, 07:00).
    expect(deliverAt(new Date('2026-11-22T23:00:00Z'), quiet, false).toISOString()).toBe('2026-11-22T23:00:00.000Z');
  });
});

describe('notification thresholds', () => {
  it('gives the defaults, lets a manager change them within range, and not a shareholder', async () => {
    const { owner } = await shop();
    const thresholds = (await get(owner.jwt, '/notification/thresholds')).json().result;
    expect(thresholds.offlineGraceMinutes).toBe(5);
    const changed = await put(owner.jwt, '/notification/thresholds', { ...thresholds, offlineGraceMinutes: 15 });
    expect(changed.json().result.offlineGraceMinutes).toBe(15);
    const tooLow = await put(owner.jwt, '/notification/thresholds', { ...thresholds, cashBoxFullPercent: 10 });
    expect(tooLow.statusCode).toBe(400);
    const shareholder = await memberOf(ctx, 'shareholder', ['notification']);
    const refused = await put(shareholder.jwt, '/notification/thresholds', thresholds);
    expect(refused.statusCode).toBe(478);
  });
});
