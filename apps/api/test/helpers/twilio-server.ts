import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local Twilio Programmable Messaging API for tests: `POST /2010-04-01/Accounts/{sid}/Messages.json`,
// HTTP Basic auth (the account SID and auth token, or an API key), form fields, Twilio's message
// resource on success (201) and its error body `{code, message, more_info, status}` on refusal.

export const fakeTwilioAccount = {
  accountSid: `AC${'a1'.repeat(16)}`,
  authToken: 'f0'.repeat(16),
  apiKeySid: `SK${'b2'.repeat(16)}`,
  apiKeySecret: 'secret-of-the-api-key',
  messagingServiceSid: `MG${'c3'.repeat(16)}`,
};

/** What the fake does with the next request, before (instead of) answering it normally. */
export type Hiccup =
  | { kind: 'rateLimit'; retryAfterSeconds?: number }
  | { kind: 'serverError' }
  /** Reads the request and never answers (until the server closes). */
  | { kind: 'hang' };

export type ReceivedRequest = {
  path: string;
  /** Whether the Basic credentials were right. */
  authorized: boolean;
  fields: Record<string, string>;
  /** The HTTP status the fake answered; null while it hangs. */
  status: number | null;
};

export type SentMessage = { sid: string; to: string; from?: string; messagingServiceSid?: string; body: string };

export type TwilioServer = {
  baseUrl: string;
  requests: ReceivedRequest[];
  messages: SentMessage[];
  /** Numbers that texted STOP: refused with 21610. */
  unsubscribed: Set<string>;
  /** Queues what the next requests meet, one hiccup each. */
  hiccup(...next: Hiccup[]): void;
  close(): Promise<void>;
};

const errorBody = (code: number, message: string, status: number) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function credentialsRight(header: string | undefined): boolean {
  const { accountSid, authToken, apiKeySid, apiKeySecret } = fakeTwilioAccount;
  const given = Buffer.from(header ?? '');
  return [`${accountSid}:${authToken}`, `${apiKeySid}:${apiKeySecret}`].some((pair) => {
    const expected = Buffer.from(`Basic ${Buffer.from(pair).toString('base64')}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export async function startTwilioServer(): Promise<TwilioServer> {
  const requests: ReceivedRequest[] = [];
  const messages: SentMessage[] = [];
  const unsubscribed = new Set<string>();
  const hiccups: Hiccup[] = [];

  function answer(path: string, fields: Record<string, string>): { status: number; body: object } {
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
    if (!match) return { status: 404, body: errorBody(20404, 'The requested resource was not found', 404) };
    if (match[1] !== fakeTwilioAccount.accountSid) {
      return { status: 404, body: errorBody(20404, `The requested resource ${path} was not found`, 404) };
    }
    const { To: to, From: from, MessagingServiceSid: messagingServiceSid, Body: body } = fields;
    if (!to) return { status: 400, body: errorBody(21604, "A 'To' phone number is required.", 400) };
    if (!from && !messagingServiceSid) {
      return { status: 400, body: errorBody(21603, "A 'From' phone number is required.", 400) };
    }
    if (!body) return { status: 400, body: errorBody(21602, 'Message body is required.', 400) };
    // +999 is no country's calling code.
    if (!/^\+[1-9]\d{6,14}$/.test(to) || to.startsWith('+999')) {
      return { status: 400, body: errorBody(21211, `The 'To' number ${to} is not a valid phone number.`, 400) };
    }
    if (unsubscribed.has(to)) {
      return { status: 400, body: errorBody(21610, 'Attempt to send to unsubscribed recipient', 400) };
    }
    const sid = `SM${hex(16)}`;
    messages.push({ sid, to, from, messagingServiceSid, body });
    const now = new Date().toUTCString();
    return {
      status: 201,
      body: {
        sid,
        account_sid: fakeTwilioAccount.accountSid,
        to,
        from: from ?? null,
        messaging_service_sid: messagingServiceSid ?? null,
        body,
        status: messagingServiceSid ? 'accepted' : 'queued',
        num_segments: '1',
        num_media: '0',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        price: null,
        price_unit: 'USD',
        error_code: null,
        error_message: null,
        date_created: now,
        date_updated: now,
        date_sent: null,
        uri: `/2010-04-01/Accounts/${fakeTwilioAccount.accountSid}/Messages/${sid}.json`,
      },
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const fields = Object.fromEntries(new URLSearchParams(await readBody(request)));
    const authorized = credentialsRight(request.headers.authorization);
    const received: ReceivedRequest = { path, authorized, fields, status: null };
    requests.push(received);
    const send = (status: number, body: object, headers: Record<string, string> = {}) => {
      received.status = status;
      response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    };
    const hiccup = hiccups.shift();
    if (hiccup?.kind === 'hang') return;
    if (hiccup?.kind === 'rateLimit') {
      const retryAfter: Record<string, string> =
        hiccup.retryAfterSeconds === undefined ? {} : { 'retry-after': String(hiccup.retryAfterSeconds) };
      return send(429, errorBody(20429, 'Too Many Requests', 429), retryAfter);
    }
    if (hiccup?.kind === 'serverError') return send(500, errorBody(20500, 'Internal Server Error', 500));
    if (request.method !== 'POST') return send(405, errorBody(20004, 'Method not allowed', 405));
    if (!authorized) return send(401, errorBody(20003, 'Authenticate', 401));
    const result = answer(path, fields);
    return send(result.status, result.body);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    requests,
    messages,
    unsubscribed,
    hiccup: (...next) => hiccups.push(...next),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
