import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { SmsFailed } from '../src/sms/sms-provider';
import { twilioSmsProvider, type TwilioSettings } from '../src/sms/twilio-provider';
import { fakeTwilioAccount as account, startTwilioServer, type TwilioServer } from './helpers/twilio-server';

let twilio: TwilioServer;
beforeAll(async () => {
  twilio = await startTwilioServer();
});
afterAll(async () => twilio?.close());

let logged: Array<{ level: string; details: object; message: string }>;
let slept: number[];
beforeEach(() => {
  logged = [];
  slept = [];
  twilio.requests.length = 0;
  twilio.messages.length = 0;
});
const log = {
  info: (details: object, message: string) => logged.push({ level: 'info', details, message }),
  warn: (details: object, message: string) => logged.push({ level: 'warn', details, message }),
};
// The backoff is recorded, not waited for.
const sleep = async (ms: number) => slept.push(ms);

const settings = (overrides: Partial<TwilioSettings> = {}): TwilioSettings => ({
  apiUrl: twilio.baseUrl,
  accountSid: account.accountSid,
  username: account.accountSid,
  password: account.authToken,
  from: '+15005550006',
  timeoutMs: 10_000,
  ...overrides,
});
const message = { phone: '+886912345678', code: '482913', text: 'Card Laundry: your code is 482913' };

describe('the Twilio SMS provider', () => {
  it('posts To, From and Body with the account’s Basic credentials, and logs only the SID, status and masked phone', async () => {
    await twilioSmsProvider(settings(), log, sleep).send(message);
    expect(twilio.requests).toEqual([
      {
        path: `/2010-04-01/Accounts/${account.accountSid}/Messages.json`,
        authorized: true,
        fields: { To: message.phone, From: '+15005550006', Body: message.text },
        status: 201,
      },
    ]);
    const sid = twilio.messages[0]!.sid;
    expect(logged).toEqual([
      {
        level: 'info',
        details: { provider: 'twilio', messageSid: sid, status: 'queued', phone: '***678' },
        message: 'SMS sent',
      },
    ]);
    expect(JSON.stringify(logged)).not.toContain(message.code);
  });

  it('sends through a messaging service with an API key', async () => {
    const viaService = settings({
      username: account.apiKeySid,
      password: account.apiKeySecret,
      from: undefined,
      messagingServiceSid: account.messagingServiceSid,
    });
    await twilioSmsProvider(viaService, log, sleep).send(message);
    expect(twilio.requests[0]).toMatchObject({
      authorized: true,
      fields: { To: message.phone, MessagingServiceSid: account.messagingServiceSid, Body: message.text },
      status: 201,
    });
    expect(twilio.requests[0]!.fields).not.toHaveProperty('From');
  });

  it('takes a refusal (21211 invalid number, 21610 unsubscribed) as final: SmsFailed, no second try', async () => {
    const provider = twilioSmsProvider(settings(), log, sleep);
    const invalid = await provider.send({ ...message, phone: '+99912345678' }).catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(SmsFailed);
    expect((invalid as Error).message).toContain('error 21211');
    // Twilio's text quotes the number; the failure does not.
    expect((invalid as Error).message).not.toContain('12345678');
    twilio.unsubscribed.add(message.phone);
    await expect(provider.send(message)).rejects.toThrow(/error 21610/);
    twilio.unsubscribed.clear();
    expect(twilio.requests.map((r) => r.status)).toEqual([400, 400]);
    expect(twilio.messages).toEqual([]);
    expect(slept).toEqual([]);
  });

  it('takes wrong credentials (401, 20003) as final and says to check them', async () => {
    const provider = twilioSmsProvider(settings({ password: 'not-the-auth-token' }), log, sleep);
    await expect(provider.send(message)).rejects.toThrow(/HTTP 401, error 20003: check the Twilio credentials/);
    expect(twilio.requests).toHaveLength(1);
    expect(twilio.requests[0]!.authorized).toBe(false);
    expect(twilio.messages).toEqual([]);
  });

  it('retries a rate limit (429, 20429) after the Retry-After Twilio asks for, then sends', async () => {
    twilio.hiccup({ kind: 'rateLimit', retryAfterSeconds: 2 });
    await twilioSmsProvider(settings(), log, sleep).send(message);
    expect(twilio.requests.map((r) => r.status)).toEqual([429, 201]);
    expect(slept).toEqual([2_000]);
    expect(twilio.messages).toHaveLength(1);
    expect(logged.map((l) => l.message)).toEqual(['SMS retried', 'SMS sent']);
  });

  it('backs off on server errors and gives up after three attempts', async () => {
    twilio.hiccup({ kind: 'serverError' }, { kind: 'rateLimit' }, { kind: 'serverError' });
    await expect(twilioSmsProvider(settings(), log, sleep).send(message)).rejects.toThrow(
      /HTTP 500, error 20500; gave up after 3 attempt/,
    );
    expect(twilio.requests.map((r) => r.status)).toEqual([500, 429, 500]);
    expect(slept).toEqual([500, 1_000]);
  });

  it('does not wait for a Retry-After beyond its bound: the consumer is waiting', async () => {
    twilio.hiccup({ kind: 'rateLimit', retryAfterSeconds: 60 });
    await expect(twilioSmsProvider(settings(), log, sleep).send(message)).rejects.toThrow(/HTTP 429, error 20429/);
    expect(twilio.requests).toHaveLength(1);
    expect(slept).toEqual([]);
  });

  it('retries an attempt that gets no answer within SMS_TIMEOUT_MS, then sends', async () => {
    twilio.hiccup({ kind: 'hang' });
    await twilioSmsProvider(settings({ timeoutMs: 300 }), log, sleep).send(message);
    expect(twilio.requests.map((r) => r.status)).toEqual([null, 201]);
    expect(logged[0]).toMatchObject({ level: 'warn', details: { reason: 'no answer within 300 ms', attempt: 1 } });
    expect(twilio.messages).toHaveLength(1);
  });

  it('retries when Twilio cannot be reached, and fails after three attempts', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const provider = twilioSmsProvider(settings({ apiUrl: `http://127.0.0.1:${port}` }), log, sleep);
    await expect(provider.send(message)).rejects.toThrow(/Twilio unreachable; gave up after 3 attempt/);
    expect(slept).toEqual([500, 1_000]);
  });
});

describe('the Twilio settings', () => {
  const complete = {
    TWILIO_ACCOUNT_SID: account.accountSid,
    TWILIO_AUTH_TOKEN: account.authToken,
    TWILIO_FROM: 'CardLaundry',
  };

  it('are taken together, with twilio.com as the default address', () => {
    const config = loadConfig(complete);
    expect(config).toMatchObject({ ...complete, TWILIO_API_URL: 'https://api.twilio.com', SMS_TIMEOUT_MS: 8000 });
    expect(
      loadConfig({
        TWILIO_ACCOUNT_SID: account.accountSid,
        TWILIO_API_KEY_SID: account.apiKeySid,
        TWILIO_API_KEY_SECRET: account.apiKeySecret,
        TWILIO_MESSAGING_SERVICE_SID: account.messagingServiceSid,
      }).TWILIO_API_KEY_SID,
    ).toBe(account.apiKeySid);
  });

  it('refuse at start a part without the rest, naming the missing setting', () => {
    const refusal = (env: Record<string, string>) => () => loadConfig(env);
    expect(refusal({ TWILIO_ACCOUNT_SID: account.accountSid, TWILIO_FROM: 'CardLaundry' })).toThrow(
      /TWILIO_AUTH_TOKEN: required with TWILIO_ACCOUNT_SID/,
    );
    expect(refusal({ TWILIO_AUTH_TOKEN: account.authToken })).toThrow(
      /TWILIO_ACCOUNT_SID: required when TWILIO_AUTH_TOKEN is set/,
    );
    expect(refusal({ TWILIO_ACCOUNT_SID: account.accountSid, TWILIO_AUTH_TOKEN: account.authToken })).toThrow(
      /TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID: required/,
    );
    expect(refusal({ ...complete, TWILIO_AUTH_TOKEN: '', TWILIO_API_KEY_SID: account.apiKeySid })).toThrow(
      /TWILIO_API_KEY_SECRET: required with TWILIO_API_KEY_SID/,
    );
    expect(refusal({ ...complete, TWILIO_ACCOUNT_SID: 'AC123' })).toThrow(/TWILIO_ACCOUNT_SID="AC123": an account SID/);
    expect(refusal({ ...complete, TWILIO_FROM: 'Far too long a sender' })).toThrow(/TWILIO_FROM=/);
  });

  it('never print the auth token in a refusal', () => {
    expect(() => loadConfig({ TWILIO_AUTH_TOKEN: 'tok-4711-secret' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('tok-4711-secret') }),
    );
  });
});
