import { createHash, randomInt } from 'node:crypto';
import { HTTPFetchError, messagingApi, validateSignature } from '@line/bot-sdk';
import { ErrorCode } from '@sbo/contracts';
import { type AppErrorCode, InvalidFields } from '../../lib/app-error';
import type { Executor } from '../../db/client';
import { PermanentJobFailure } from '../../lib/job-queue';
import * as channelRepo from './channel-repository';

type LineConfig = { accessToken: string; secret: string; baseUrl: string; addFriendUrl: string | null };

/** How long a link code may be sent to the official account. */
const linkCodeMinutes = 10;
// No 0/O, 1/I/L: the code is read off a screen and typed into LINE.
const codeAlphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

const newLinkCode = () => Array.from({ length: 8 }, () => codeAlphabet[randomInt(codeAlphabet.length)]).join('');

/** The same delivery retried carries the same key, so LINE sends it once (X-Line-Retry-Key is a UUID). */
function retryKeyOf(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A LINE failure the member must fix (link again), with the catalogue code it answers to. */
export class LineRefused extends PermanentJobFailure {
  constructor(
    readonly code: AppErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const lineMessages = {
  unlinked: 'LINE: no LINE account is linked (10004); link one in the notification settings',
  forbidden: 'LINE: the official account may not message this LINE user (403, 10006); link LINE again',
  blocked: 'LINE: the member blocked the official account (10007); unblock it and link LINE again',
};

export function createLineChannel(config: LineConfig) {
  const client = new messagingApi.MessagingApiClient({
    channelAccessToken: config.accessToken,
    baseURL: config.baseUrl,
  });

  return {
    addFriendUrl: config.addFriendUrl,

    /** Checks the webhook's `x-line-signature`: base64 HMAC-SHA256 of the raw body, compared in constant time. */
    signatureValid(rawBody: string, signature: string | undefined): boolean {
      if (!signature || signature.length > 200) return false;
      return validateSignature(rawBody, config.secret, signature);
    },

    /**
     * Pushes one text message to the member's linked LINE account. Throws LineRefused (for good, with
     * 10004/10006/10007) when the member has to act, a plain error when LINE is busy or down (retried).
     */
    async push(db: Executor, userId: number, text: string, retrySeed: string): Promise<void> {
      const link = await channelRepo.findLineLink(db, userId);
      if (!link?.line_user_id) throw new LineRefused(ErrorCode.LINE_ACCOUNT_UNREGISTERED, lineMessages.unlinked);
      if (link.problem === 'blocked') throw new LineRefused(ErrorCode.LINE_PERMISSION_DENIED, lineMessages.blocked);
      if (link.problem === 'forbidden')
        throw new LineRefused(ErrorCode.LINE_PERMISSION_NOT_GRANTED, lineMessages.forbidden);
      try {
        await client.pushMessage(
          { to: link.line_user_id, messages: [{ type: 'text', text: text.slice(0, 5000) }] },
          retryKeyOf(retrySeed),
        );
      } catch (error) {
        if (!(error instanceof HTTPFetchError))
          throw new Error(`LINE unreachable: ${(error as Error).message}`, { cause: error });
        // Accepted before under the same retry key: already sent.
        if (error.status === 409) return;
        if (error.status === 403) {
          await channelRepo.markLineForbidden(db, userId);
          throw new LineRefused(ErrorCode.LINE_PERMISSION_NOT_GRANTED, lineMessages.forbidden);
        }
        if (error.status === 429 || error.status >= 500)
          throw new Error(`LINE answered ${error.status}; retrying`, { cause: error });
        throw new PermanentJobFailure(`LINE answered ${error.status}: ${error.body.slice(0, 200)}`);
      }
    },
  };
}

export type LineChannel = ReturnType<typeof createLineChannel>;

/** A pending link code for the member, replacing any earlier one (the linked account stays until then). */
export async function createLinkCode(db: Executor, userId: number, now: Date) {
  const code = newLinkCode();
  const expiresAt = new Date(now.getTime() + linkCodeMinutes * 60_000);
  await channelRepo.saveLinkCode(db, userId, code, expiresAt);
  return { code, expiresAt };
}

type WebhookEvent = {
  type?: unknown;
  source?: { type?: unknown; userId?: unknown };
  message?: { type?: unknown; text?: unknown };
};

/**
 * What the official account's webhook tells: a message carrying a valid link code links that LINE user
 * to the member who asked for the code; an unfollow (blocked) marks their links, a follow clears that.
 * Answers how many members were linked.
 */
export async function handleLineEvents(db: Executor, events: readonly WebhookEvent[], now: Date): Promise<number> {
  let linked = 0;
  for (const event of events) {
    const lineUserId = typeof event.source?.userId === 'string' ? event.source.userId : null;
    if (!lineUserId || event.source?.type !== 'user') continue;
    if (event.type === 'message' && event.message?.type === 'text' && typeof event.message.text === 'string') {
      const code = event.message.text.trim().toUpperCase();
      if (!/^[A-Z0-9]{8}$/.test(code)) continue;
      linked += await channelRepo.linkLineByCode(db, lineUserId, code, now);
    } else if (event.type === 'unfollow') {
      await channelRepo.markLineBlocked(db, lineUserId, true);
    } else if (event.type === 'follow') {
      await channelRepo.markLineBlocked(db, lineUserId, false);
    }
  }
  return linked;
}

/** The webhook's refusal when the signature does not match (or LINE is not configured): 400, nothing read. */
export const badSignature = () =>
  new InvalidFields([{ path: 'x-line-signature', message: 'missing or not the signature of this body' }]);
