import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type NotificationKind } from '@sbo/contracts';
import { raiseNotification } from '../src/modules/notification/raise';
import { bearer, memberOf } from './helpers/fixtures';
import { createBoundDevice, createPlace } from './helpers/devices';
import { lineSignature, startLineServer } from './helpers/line-server';
import { startPushService } from './helpers/push-service';
import { startSmtpSink } from './helpers/smtp-sink';
import { createTestApp, type TestContext } from './helpers/test-app';

const lineToken = 'line-channel-token-for-tests';
const lineSecret = 'line-channel-secret-for-tests';
const publicUrl = 'https://backoffice.example.com';

let ctx: TestContext;
let other: TestContext;
let push: Awaited<ReturnType<typeof startPushService>>;
let line: Awaited<ReturnType<typeof startLineServer>>;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  [push, line, smtp] = await Promise.all([startPushService(), startLineServer(lineToken), startSmtpSink()]);
  const env = {
    NOTIFICATION_JOB_SECONDS: '0',
    PUBLIC_URL: publicUrl,
    WEB_PUSH_ALLOWED_ORIGINS: push.origin,
    LINE_CHANNEL_ACCESS_TOKEN: lineToken,
    LINE_CHANNEL_SECRET: lineSecret,
    LINE_API_URL: line.url,
    SMTP_URL: smtp.url,
    SMTP_FROM: 'Back office <alerts@backoffice.example.com>',
  };
  ctx = await createTestApp(env, undefined, { webPushAgent: push.agent });
  // A second api instance on the same database.
  other = await createTestApp(env, undefined, { webPushAgent: push.agent, databaseUrl: ctx.databaseUrl });
});
afterAll(async () => {
  await other?.close();
  await ctx?.close();
  await Promise.all([push?.close(), line?.close(), smtp?.close()]);
});

const call = (jwt: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(jwt), ...(payload ? { payload } : {}) });

/** An owner with a machine at a place, their channels chosen for device faults. */
async function owner(channels: { push?: boolean; line?: boolean; email?: boolean } = {}, locale: string | null = null) {
  const member = await memberOf(ctx, 'merchant');
  const merchantId = member.merchant.id;
  await ctx.pool.query('update users set locale = $2 where id = $1', [member.user.id, locale]);
  const place = await createPlace(ctx.db, merchantId, 'Sunny Laundry');
  const machine = await createBoundDevice(ctx.db, { merchantId, placeId: place.id, name: 'Washer 7' });
  const choose = async (choice: { push?: boolean; line?: boolean; email?: boolean }) => {
    const current = (await call(member.jwt, 'GET', '/notification/settings')).json().result;
    const kinds = { ...current.kinds, deviceError: { inApp: true, push: false, line: false, email: false, ...choice } };
    const saved = await call(member.jwt, 'PUT', '/notification/settings', {
      kinds,
      criticalKinds: current.criticalKinds,
      quietHours: current.quietHours,
      report: current.report,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  };
  if (!channels.line) await choose(channels);
  let n = 0;
  const fault = async (kind: NotificationKind = 'deviceError') => {
    n += 1;
    return raiseNotification(
      ctx.db,
      {
        merchantId,
        kind,
        deviceId: machine.device.id,
        placeId: place.id,
        code: 1303004,
        params: { code: 1303004, detail: null },
        dedupeKey: `fault-${n}-${Date.now()}`,
        occurredAt: ctx.clock.now(),
      },
      ctx.clock.now(),
    );
  };
  return { ...member, merchantId, machine, fault, choose };
}

const jobsOf = async (userId: number, queue: string) =>
  (
    await ctx.pool.query<{ status: string; attempts: number; last_error: string | null; run_at: Date }>(
      `select status, attempts, last_error, run_at from background_jobs
        where queue = $2 and (payload ->> 'userId')::int = $1 order by id`,
      [userId, queue],
    )
  ).rows;

const deliverDue = () => ctx.app.notificationDeliveries.runDue();

/** Moves the clock past every retry delay (at most an hour) and runs what is due, `times` times. */
async function retryAll(times: number) {
  for (let i = 0; i < times; i += 1) {
    ctx.clock.advance(3_700_000);
    await deliverDue();
  }
}

describe('Web Push', () => {
  it('accepts only https subscriptions of known push services, and stores, replaces and forgets them', async () => {
    const o = await owner({ push: true });
    const key = (await call(o.jwt, 'GET', '/notification/push/key')).json().result.publicKey as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const browser = push.subscription();
    for (const endpoint of [
      browser.endpoint.replace('https:', 'http:'),
      'https://evil.example.com/push/1',
      'https://fcm.googleapis.com.evil.example/x',
      'https://fcm.googleapis.com:8443/x',
      'https://user:pass@fcm.googleapis.com/x',
      'https://169.254.169.254/latest/meta-data',
    ]) {
      const refused = await call(o.jwt, 'POST', '/notification/push/subscription', { endpoint, keys: browser.keys });
      expect(refused.statusCode, endpoint).toBe(400);
    }
    const badKey = await call(o.jwt, 'POST', '/notification/push/subscription', {
      endpoint: browser.endpoint,
      keys: { p256dh: 'AAAA', auth: browser.keys.auth },
    });
    expect(badKey.statusCode).toBe(400);
    expect((await call(o.jwt, 'GET', '/notification/settings')).json().result.channels.pushSubscriptions).toBe(0);

    const fcm = await call(o.jwt, 'POST', '/notification/push/subscription', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def',
      keys: browser.keys,
    });
    expect(fcm.json().result).toEqual({ subscriptions: 1 });
    const stored = await call(o.jwt, 'POST', '/notification/push/subscription', browser);
    expect(stored.json().result).toEqual({ subscriptions: 2 });
    // The same browser subscribing again replaces its row.
    expect((await call(o.jwt, 'POST', '/notification/push/subscription', browser)).json().result).toEqual({
      subscriptions: 2,
    });
    const gone = await call(o.jwt, 'POST', '/notification/push/unsubscribe', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def',
    });
    expect(gone.json().result).toEqual({ subscriptions: 1 });
  });

  it('delivers a fault encrypted (aes128gcm) with a VAPID signature, in the member’s language, urgent when critical', async () => {
    const o = await owner({ push: true }, 'th');
    const browser = push.subscription();
    await call(o.jwt, 'POST', '/notification/push/subscription', browser);
    const key = (await call(o.jwt, 'GET', '/notification/push/key')).json().result.publicKey as string;
    const before = push.deliveries.length;
    const eventId = await o.fault();
    await deliverDue();
    const arrived = push.deliveries.slice(before);
    expect(arrived).toHaveLength(1);
    const delivery = arrived[0]!;
    expect(delivery.path).toBe(new URL(browser.endpoint).pathname);
    expect(delivery.signatureValid).toBe(true);
    expect(delivery.vapidKey).toBe(key);
    expect(delivery.claims.aud).toBe(push.origin);
    const now = Date.now() / 1000;
    expect(delivery.claims.exp).toBeGreaterThan(now);
    expect(delivery.claims.exp).toBeLessThanOrEqual(now + 24 * 3600 + 60);
    expect(delivery.claims.sub).toBe(publicUrl);
    expect(delivery.headers['content-encoding']).toBe('aes128gcm');
    expect(delivery.headers.urgency).toBe('high');
    expect(Number(delivery.headers.ttl)).toBe(86_400);
    const payload = browser.decrypt(delivery.body);
    // A device fault is critical by default: marked so, in Thai.
    expect(payload.title).toBe('ด่วน: เครื่องขัดข้อง');
    expect(payload.body).toContain('Washer 7 ที่ Sunny Laundry');
    expect(payload.body).toContain('1303004');
    expect(payload.critical).toBe(true);
    expect(payload.link).toMatch(
      new RegExp(`^${publicUrl}/device-log\\?deviceId=${o.machine.device.id}&logType=error`),
    );
    expect(payload.tag).toBe(`event-${eventId}:${o.user.id}`);
    expect((await jobsOf(o.user.id, 'notify.push'))[0]!.status).toBe('done');
  });

  it('sends a normal event with normal urgency, and English without a profile language', async () => {
    const o = await owner({ push: true });
    const browser = push.subscription();
    await call(o.jwt, 'POST', '/notification/push/subscription', browser);
    const before = push.deliveries.length;
    // A machine offline is pushed by default without being critical.
    await o.fault('deviceOffline');
    await deliverDue();
    const delivery = push.deliveries.slice(before)[0]!;
    expect(delivery.headers.urgency).toBe('normal');
    const payload = browser.decrypt(delivery.body);
    expect(payload).toMatchObject({ title: 'Machine offline', critical: false });
    expect(payload.body).toContain('Washer 7 at Sunny Laundry went offline');
  });

  it('forgets a subscription the push service no longer knows (410) and fails that delivery for good', async () => {
    const o = await owner({ push: true });
    await call(o.jwt, 'POST', '/notification/push/subscription', push.subscription());
    push.answer(410);
    await o.fault();
    await deliverDue();
    const [job] = await jobsOf(o.user.id, 'notify.push');
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job!.last_error).toMatch(/subscription expired/);
    const settings = (await call(o.jwt, 'GET', '/notification/settings')).json().result;
    expect(settings.channels.pushSubscriptions).toBe(0);
    expect(settings.failedDeliveries[0]).toMatchObject({ channel: 'push', kind: 'deviceError', attempts: 1 });
  });

  it('retries a push service that keeps failing with growing delays, then marks the delivery failed', async () => {
    const o = await owner({ push: true });
    await call(o.jwt, 'POST', '/notification/push/subscription', push.subscription());
    push.answerAlways(500);
    try {
      await o.fault();
      await deliverDue();
      const first = (await jobsOf(o.user.id, 'notify.push'))[0]!;
      expect(first).toMatchObject({ status: 'pending', attempts: 1 });
      expect(first.run_at.getTime() - ctx.clock.now().getTime()).toBeGreaterThanOrEqual(24_000);
      await deliverDue();
      expect((await jobsOf(o.user.id, 'notify.push'))[0]!.attempts).toBe(1);
      await retryAll(5);
    } finally {
      push.answerAlways(null);
    }
    const [job] = await jobsOf(o.user.id, 'notify.push');
    expect(job).toMatchObject({ status: 'failed', attempts: 6 });
    expect(job!.last_error).toMatch(/answered 500/);
    // The subscription is kept: the service was down, the browser did not leave.
    expect((await call(o.jwt, 'GET', '/notification/settings')).json().result.channels.pushSubscriptions).toBe(1);
  });

  it('sends nothing to a member suspended or narrowed by a whitelist while the delivery waited', async () => {
    const o = await owner({ push: true });
    await call(o.jwt, 'POST', '/notification/push/subscription', push.subscription());
    const before = push.deliveries.length;
    await o.fault();
    await ctx.pool.query('update merchant_members set suspended = true where user_id = $1', [o.user.id]);
    await deliverDue();
    await ctx.pool.query('update merchant_members set suspended = false where user_id = $1', [o.user.id]);
    await o.fault();
    // A whitelist without this machine.
    await ctx.pool.query('update merchant_members set device_whitelist_enabled = true where user_id = $1', [o.user.id]);
    await deliverDue();
    expect(push.deliveries.length).toBe(before);
    expect((await jobsOf(o.user.id, 'notify.push')).map((job) => job.status)).toEqual(['done', 'done']);
  });

  it('nothing to send without a subscription: done at once', async () => {
    const o = await owner({ push: true });
    await o.fault();
    await deliverDue();
    expect((await jobsOf(o.user.id, 'notify.push'))[0]).toMatchObject({ status: 'done', attempts: 1 });
    const test = await call(o.jwt, 'POST', '/notification/test', { channel: 'push' });
    expect(test.json().result).toEqual({ channel: 'push', delivered: 0, error: null });
  });
});

/** Posts a webhook body as LINE would: the signature of these exact bytes, or what the test gives. */
const webhook = (body: object, signature: string | null = lineSignature(JSON.stringify(body), lineSecret)) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/notification/line/webhook',
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-line-signature': signature }) },
    payload: JSON.stringify(body),
  });

const messageEvent = (lineUserId: string, text: string) => ({
  type: 'message',
  mode: 'active',
  timestamp: Date.now(),
  source: { type: 'user', userId: lineUserId },
  webhookEventId: '01H',
  deliveryContext: { isRedelivery: false },
  replyToken: 'reply-token',
  message: { id: '1', type: 'text', quoteToken: 'q', text },
});

async function linkLine(jwt: string, lineUserId: string) {
  const code = (await call(jwt, 'POST', '/notification/line/link-code')).json().result.code as string;
  const linked = await webhook({ destination: 'U-bot', events: [messageEvent(lineUserId, ` ${code.toLowerCase()} `)] });
  expect(linked.json().result).toEqual({ linked: 1 });
}

describe('LINE', () => {
  it('links a LINE account by a code sent to the official account, only through a signed webhook', async () => {
    const o = await owner();
    const issued = await call(o.jwt, 'POST', '/notification/line/link-code');
    expect(issued.statusCode).toBe(200);
    const { code, expiresAt } = issued.json().result;
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    expect(new Date(expiresAt).getTime() - ctx.clock.now().getTime()).toBe(10 * 60_000);
    const body = { destination: 'U-bot', events: [messageEvent('U-owner-1', code)] };
    // Missing, wrong and other-body signatures: refused, nothing linked.
    for (const signature of [
      null,
      'bm90IGEgc2lnbmF0dXJl',
      lineSignature('{}', lineSecret),
      lineSignature(JSON.stringify(body), 'x'),
    ]) {
      const refused = await webhook(body, signature);
      expect(refused.statusCode).toBe(400);
    }
    expect((await call(o.jwt, 'GET', '/notification/settings')).json().result.channels.lineLinked).toBe(false);
    // A wrong code links nobody.
    expect(
      (await webhook({ destination: 'U-bot', events: [messageEvent('U-owner-1', 'ZZZZZZZZ')] })).json().result,
    ).toEqual({ linked: 0 });
    expect((await webhook(body)).json().result).toEqual({ linked: 1 });
    const settings = (await call(o.jwt, 'GET', '/notification/settings')).json().result;
    expect(settings.channels).toMatchObject({ lineLinked: true, lineAvailable: true, lineProblem: null });
    // The code is used up.
    expect((await webhook(body)).json().result).toEqual({ linked: 0 });
  });

  it('refuses an expired code', async () => {
    const o = await owner();
    const { code } = (await call(o.jwt, 'POST', '/notification/line/link-code')).json().result;
    ctx.clock.advance(10 * 60_000 + 1);
    expect((await webhook({ events: [messageEvent('U-late', code)] })).json().result).toEqual({ linked: 0 });
  });

  it('pushes to the linked account with the token and a retry key; 429 and 500 are retried with the same key', async () => {
    const o = await owner();
    await linkLine(o.jwt, 'U-owner-2');
    await o.choose({ line: true });
    const before = line.pushes.length;
    line.answer(429, 500);
    await o.fault();
    await deliverDue();
    expect((await jobsOf(o.user.id, 'notify.line'))[0]).toMatchObject({ status: 'pending', attempts: 1 });
    await retryAll(2);
    expect((await jobsOf(o.user.id, 'notify.line'))[0]).toMatchObject({ status: 'done', attempts: 3 });
    const sent = line.pushes.slice(before);
    expect(sent).toHaveLength(3);
    for (const request of sent) {
      expect(request.authorization).toBe(`Bearer ${lineToken}`);
      expect(request.contentType).toMatch(/^application\/json/);
      expect(request.retryKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(request.retryKey).toBe(sent[0]!.retryKey);
      expect(request.body.to).toBe('U-owner-2');
      expect(request.body.messages).toHaveLength(1);
      expect(request.body.messages![0]!.type).toBe('text');
    }
    expect(sent[0]!.body.messages![0]!.text).toMatch(
      /^Critical: Machine fault\nWasher 7 at Sunny Laundry reported fault 1303004/,
    );
    expect(sent[0]!.body.messages![0]!.text).toContain(`${publicUrl}/device-log?deviceId=`);
  });

  it('a 403 from LINE fails the delivery with 10006 and asks for a new link; blocking answers 10007; unlinking 10004', async () => {
    const o = await owner();
    await linkLine(o.jwt, 'U-owner-3');
    await o.choose({ line: true });
    line.answer(403);
    await o.fault();
    await deliverDue();
    const [job] = await jobsOf(o.user.id, 'notify.line');
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job!.last_error).toMatch(/403, 10006/);
    let settings = (await call(o.jwt, 'GET', '/notification/settings')).json().result;
    expect(settings.channels.lineProblem).toBe('forbidden');
    expect(settings.failedDeliveries[0]).toMatchObject({ channel: 'line', kind: 'deviceError' });
    const forbidden = await call(o.jwt, 'POST', '/notification/test', { channel: 'line' });
    expect(forbidden.statusCode).toBe(478);
    expect(forbidden.json().code).toBe(ErrorCode.LINE_PERMISSION_NOT_GRANTED);

    // Linking again clears it; the test message then arrives.
    await linkLine(o.jwt, 'U-owner-3');
    const before = line.pushes.length;
    const test = await call(o.jwt, 'POST', '/notification/test', { channel: 'line' });
    expect(test.json().result).toEqual({ channel: 'line', delivered: 1, error: null });
    expect(line.pushes.slice(before)[0]!.body.messages![0]!.text).toMatch(/^Test notification\n/);

    // The member blocks the official account (LINE's unfollow event).
    await webhook({
      events: [{ type: 'unfollow', timestamp: Date.now(), source: { type: 'user', userId: 'U-owner-3' } }],
    });
    settings = (await call(o.jwt, 'GET', '/notification/settings')).json().result;
    expect(settings.channels.lineProblem).toBe('blocked');
    const blocked = await call(o.jwt, 'POST', '/notification/test', { channel: 'line' });
    expect(blocked.json().code).toBe(ErrorCode.LINE_PERMISSION_DENIED);

    const unlinked = await call(o.jwt, 'DELETE', '/notification/line/link');
    expect(unlinked.json().result.channels.lineLinked).toBe(false);
    expect(unlinked.json().result.kinds.deviceError.line).toBe(false);
    const noAccount = await call(o.jwt, 'POST', '/notification/test', { channel: 'line' });
    expect(noAccount.json().code).toBe(ErrorCode.LINE_ACCOUNT_UNREGISTERED);
  });
});

describe('e-mail', () => {
  it('mails a fault over SMTP in the member’s language, as text and HTML with the link', async () => {
    const o = await owner({ email: true }, 'zh-TW');
    const before = smtp.mails.length;
    await o.fault();
    await deliverDue();
    const mails = smtp.mails.slice(before);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('緊急: 機台故障');
    expect(mail.from?.text).toContain('alerts@backoffice.example.com');
    expect((mail.to as { text: string }).text).toBe(o.user.email);
    expect(mail.text).toContain('Sunny Laundry的Washer 7');
    expect(mail.text).toContain(`${publicUrl}/device-log?deviceId=${o.machine.device.id}`);
    expect(mail.html).toContain('在後台查看');
    expect(mail.html).toContain(`href="${publicUrl}/device-log?deviceId=${o.machine.device.id}&amp;logType=error`);
    expect(mail.headers.get('content-language')).toBe('zh-TW');
    expect((await jobsOf(o.user.id, 'notify.email'))[0]!.status).toBe('done');

    const test = await call(o.jwt, 'POST', '/notification/test', { channel: 'email' });
    expect(test.json().result).toEqual({ channel: 'email', delivered: 1, error: null });
    expect(smtp.mails.at(-1)!.subject).toBe('測試通知');
    // Five tests per channel and minute: the sixth is refused and sends nothing.
    for (let i = 0; i < 4; i += 1) await call(o.jwt, 'POST', '/notification/test', { channel: 'email' });
    const sent = smtp.mails.length;
    const refused = await call(o.jwt, 'POST', '/notification/test', { channel: 'email' });
    expect(refused.statusCode).toBe(429);
    expect(smtp.mails.length).toBe(sent);
  });
});

describe('several api instances', () => {
  it('two instances on one database deliver each notification once on each channel', async () => {
    const o = await owner({ push: true, email: true });
    const browser = push.subscription();
    await call(o.jwt, 'POST', '/notification/push/subscription', browser);
    const pushedBefore = push.deliveries.length;
    const mailedBefore = smtp.mails.length;
    const events = 8;
    for (let i = 0; i < events; i += 1) await o.fault();
    other.clock.set(ctx.clock.now());
    await Promise.all([
      ctx.app.notificationDeliveries.runDue(),
      other.app.notificationDeliveries.runDue(),
      ctx.app.notificationDeliveries.runDue(),
      other.app.notificationDeliveries.runDue(),
    ]);
    const pushed = push.deliveries.slice(pushedBefore).map((d) => browser.decrypt(d.body).tag);
    expect(pushed).toHaveLength(events);
    expect(new Set(pushed).size).toBe(events);
    const mails = smtp.mails.slice(mailedBefore).filter((mail) => (mail.to as { text: string }).text === o.user.email);
    expect(mails).toHaveLength(events);
    const done = await jobsOf(o.user.id, 'notify.email');
    expect(done.every((job) => job.status === 'done' && job.attempts === 1)).toBe(true);
  });
});
