import { setTimeout as wait } from 'node:timers/promises';
import { SmsFailed, type SmsProvider } from './sms-provider';

/** Twilio Programmable Messaging (docs/cards.md, "Virtual cards and SMS codes"). */
export type TwilioSettings = {
  /** https://api.twilio.com, or a stand-in (the tests' fake). */
  apiUrl: string;
  accountSid: string;
  /** HTTP Basic credentials: the account SID and its auth token, or an API key's SID and secret. */
  username: string;
  password: string;
  /** The sender: a number or an alphanumeric sender id, or a messaging service choosing one. */
  from?: string;
  messagingServiceSid?: string;
  timeoutMs: number;
};

import type { Log } from '../lib/log';

/** Three tries at most; a wait Twilio asks for beyond `maxDelayMs` is not waited for (the consumer is waiting). */
const twilioRetry = { attempts: 3, firstDelayMs: 500, maxDelayMs: 5_000 } as const;

/** The last three digits, enough to tell numbers apart in the log. */
const maskedPhone = (phone: string) => `***${phone.slice(-3)}`;

type Outcome =
  | { kind: 'sent'; sid: string; status: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'again'; reason: string; retryAfterMs?: number };

export function twilioSmsProvider(
  settings: TwilioSettings,
  log: Pick<Log, 'info' | 'warn'>,
  sleep: (ms: number) => Promise<unknown> = wait,
): SmsProvider {
  const url = `${settings.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.username}:${settings.password}`).toString('base64')}`;

  async function attempt(form: URLSearchParams): Promise<Outcome> {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization, accept: 'application/json' },
        body: form,
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      if (response.ok) return { kind: 'sent', sid: String(answer.sid ?? ''), status: String(answer.status ?? '') };
      // Twilio's own words may quote the phone number: only its code and status are kept.
      const reason = `Twilio answered HTTP ${response.status}, error ${String(answer.code ?? 'none')}`;
      if (response.status === 429 || response.status >= 500) {
        return { kind: 'again', reason, retryAfterMs: retryAfterMs(response.headers.get('retry-after')) };
      }
      return { kind: 'refused', reason: response.status === 401 ? `${reason}: check the Twilio credentials` : reason };
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      return { kind: 'again', reason: timedOut ? `no answer within ${settings.timeoutMs} ms` : 'Twilio unreachable' };
    }
  }

  return {
    name: 'twilio',
    async send({ phone, text }) {
      const form = new URLSearchParams({ To: phone, Body: text });
      if (settings.from) form.set('From', settings.from);
      if (settings.messagingServiceSid) form.set('MessagingServiceSid', settings.messagingServiceSid);
      const masked = maskedPhone(phone);
      for (let tries = 1; ; tries += 1) {
        const outcome = await attempt(form);
        if (outcome.kind === 'sent') {
          log.info({ provider: 'twilio', messageSid: outcome.sid, status: outcome.status, phone: masked }, 'SMS sent');
          return;
        }
        if (outcome.kind === 'refused') throw new SmsFailed(outcome.reason);
        const backoff = twilioRetry.firstDelayMs * 2 ** (tries - 1);
        const delay = Math.max(backoff, outcome.retryAfterMs ?? 0);
        if (tries >= twilioRetry.attempts || delay > twilioRetry.maxDelayMs) {
          throw new SmsFailed(`${outcome.reason}; gave up after ${tries} attempt(s)`);
        }
        log.warn({ provider: 'twilio', phone: masked, attempt: tries, reason: outcome.reason }, 'SMS retried');
        await sleep(delay);
      }
    },
  };
}

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}
