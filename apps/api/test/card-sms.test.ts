import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsCodes } from '../src/db/schema';
import { cardShop } from './helpers/card-shop';
import { createTestApp, type TestContext } from './helpers/test-app';
import { fakeTwilioAccount, startTwilioServer, type TwilioServer } from './helpers/twilio-server';

/** An app whose every log line, down to trace, lands in `lines`. */
async function appLogging(env: Record<string, string>, databaseUrl?: string) {
  const lines: string[] = [];
  const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
  const ctx = await createTestApp(env, undefined, { logger, databaseUrl });
  return { ctx, lines, log: () => lines.join('') };
}

/** The code as a number of its own (not inside a longer one such as a timestamp). */
const mentions = (log: string, code: string) => new RegExp(`(?<!\\d)${code}(?!\\d)`).test(log);
const phone = () => `+8869${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

let twilio: TwilioServer;
let viaTwilio: Awaited<ReturnType<typeof appLogging>>;
let sandbox: Awaited<ReturnType<typeof appLogging>>;
let unset: Awaited<ReturnType<typeof appLogging>>;
beforeAll(async () => {
  twilio = await startTwilioServer();
  viaTwilio = await appLogging({
    MODE: 'production',
    TWILIO_ACCOUNT_SID: fakeTwilioAccount.accountSid,
    TWILIO_AUTH_TOKEN: fakeTwilioAccount.authToken,
    TWILIO_FROM: 'CardLaundry',
    TWILIO_API_URL: twilio.baseUrl,
  });
  const { databaseUrl } = viaTwilio.ctx;
  sandbox = await appLogging({ MODE: 'demo' }, databaseUrl);
  unset = await appLogging({ MODE: 'production' }, databaseUrl);
});
afterAll(async () => {
  await Promise.all([viaTwilio, sandbox, unset].map((app) => app?.ctx.close()));
  await twilio?.close();
});

const post = (ctx: TestContext, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/checkout/card/${url}`, payload });
const codesFor = (ctx: TestContext, number: string) => ctx.db.select().from(smsCodes).where(eq(smsCodes.phone, number));

describe('SMS codes through Twilio', () => {
  it('sends the code by Twilio, opens the card with it, and never writes the code to the log', async () => {
    const { ctx } = viaTwilio;
    const s = await cardShop(ctx);
    const number = phone();
    const asked = await post(ctx, 'sms-code', { placeId: s.place.id, phone: number });
    expect(asked.json()).toMatchObject({ result: { retryAfterSeconds: 60 } });
    const sent = twilio.messages.filter((m) => m.to === number);
    expect(sent).toEqual([expect.objectContaining({ from: 'CardLaundry', body: expect.stringMatching(/\d{6}$/) })]);
    const code = /(\d{6})$/.exec(sent[0]!.body)![1]!;
    const opened = await post(ctx, 'open', { placeId: s.place.id, phone: number, code, holderName: 'Amy' });
    expect(opened.json().result).toMatchObject({ program: 'vip', status: 'active' });

    const log = viaTwilio.log();
    // The request logger saw both requests (at trace level, everything the app logs is here).
    expect(log).toContain('"url":"/api/v1/checkout/card/open"');
    expect(log).toContain(`"messageSid":"${sent[0]!.sid}"`);
    expect(log).toContain(`"phone":"***${number.slice(-3)}"`);
    // Neither the message sent nor the request that brought the code back put it in the log.
    expect(mentions(log, code)).toBe(false);
    expect(log).not.toContain('your code is');
    expect(log).not.toContain(number);
  });

  it('answers 10008 when Twilio refuses the number, and keeps no code', async () => {
    const { ctx } = viaTwilio;
    const s = await cardShop(ctx);
    const refused = await post(ctx, 'sms-code', { placeId: s.place.id, phone: '+99912345678' });
    expect(refused.statusCode).toBe(478);
    expect(refused.json()).toMatchObject({ code: 10008 });
    expect(twilio.requests.at(-1)).toMatchObject({ status: 400, fields: { To: '+99912345678' } });
    expect(await codesFor(ctx, '+99912345678')).toEqual([]);
    expect(viaTwilio.log()).toContain('error 21211');
  });
});

describe('the sandbox (demo only)', () => {
  it('writes the code to the log, where the demo reads it, and the card opens with it', async () => {
    const { ctx } = sandbox;
    const s = await cardShop(ctx);
    const number = phone();
    expect((await post(ctx, 'sms-code', { placeId: s.place.id, phone: number })).statusCode).toBe(200);
    const line = sandbox.lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'sandbox SMS' && l.phone === number);
    expect(line.code).toMatch(/^\d{6}$/);
    expect(mentions(sandbox.log(), line.code)).toBe(true);
    const opened = await post(ctx, 'open', { placeId: s.place.id, phone: number, code: line.code });
    expect(opened.statusCode).toBe(200);
  });
});

describe('a production server without an SMS provider', () => {
  it('answers that text messages are not set up, sends nothing and keeps no code', async () => {
    const { ctx } = unset;
    const s = await cardShop(ctx);
    const number = phone();
    const before = twilio.requests.length;
    const refused = await post(ctx, 'sms-code', { placeId: s.place.id, phone: number });
    expect(refused.statusCode).toBe(478);
    expect(refused.json()).toEqual({ code: 1103009, message: 'Text messages are not set up on this server.' });
    expect(twilio.requests.length).toBe(before);
    expect(await codesFor(ctx, number)).toEqual([]);
    expect(unset.log()).not.toContain('sandbox SMS');
  });
});
