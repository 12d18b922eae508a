import type https from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { Executor } from '../../db/client';
import { PermanentJobFailure } from '../../lib/job-queue';
import { deletePushSubscriptionById, pushSubscriptionsOf, type PushSubscriptionRow } from './channel-repository';

/**
 * The push services browsers subscribe with (Chrome/Edge/Opera: FCM; Firefox: Mozilla autopush; Safari:
 * Apple; legacy Edge: Windows). The server POSTs to the address a browser gives, so only these (and the
 * origins WEB_PUSH_ALLOWED_ORIGINS adds) are accepted: a subscription cannot make the server call
 * anything else (docs/notifications.md).
 */
const knownPushHosts: ((host: string) => boolean)[] = [
  (host) => host === 'fcm.googleapis.com',
  (host) => host.endsWith('.push.services.mozilla.com'),
  (host) => host === 'web.push.apple.com' || host.endsWith('.push.apple.com'),
  (host) => host.endsWith('.notify.windows.com'),
];

/** Whether the server may POST to a browser-given push endpoint: https, a known service or a configured origin. */
export function isAllowedPushEndpoint(endpoint: string, extraOrigins: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  if (extraOrigins.some((origin) => origin.toLowerCase() === url.origin.toLowerCase())) return true;
  if (url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  return knownPushHosts.some((known) => known(host));
}

type VapidKeys = { publicKey: string; privateKey: string };

/** A new VAPID key pair (P-256), written `public.private` in base64url for app_secrets. */
export const generateVapidSecret = () => {
  const keys = webpush.generateVAPIDKeys();
  return `${keys.publicKey}.${keys.privateKey}`;
};

export function parseVapidSecret(value: string): VapidKeys {
  const [publicKey = '', privateKey = ''] = value.split('.');
  return { publicKey, privateKey };
}

type PushPayload = { title: string; body: string; link: string; critical: boolean; tag: string };

type PushOutcome = { sent: number; removed: number; failed: string[] };

export function createWebPushSender(deps: {
  vapid: VapidKeys;
  subject: string;
  allowedOrigins: readonly string[];
  /** For a push service with its own certificate authority (the tests' local service). */
  agent?: https.Agent;
}) {
  const { vapid } = deps;

  async function sendOne(
    subscription: Pick<PushSubscriptionRow, 'endpoint' | 'p256dh' | 'auth'>,
    payload: PushPayload,
  ) {
    await webpush.sendNotification(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: deps.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        // A critical alert is worth waking the phone for and still worth showing a day later.
        urgency: payload.critical ? 'high' : 'normal',
        TTL: payload.critical ? 86_400 : 4 * 3_600,
        timeout: 10_000,
        ...(deps.agent ? { agent: deps.agent } : {}),
      },
    );
  }

  return {
    publicKey: vapid.publicKey,

    /**
     * Sends to one browser that no member owns (a customer's done alert on a place page): 'sent', or why
     * not ('gone' when the push service no longer knows it, 'refused' for an address not allowed, 'later'
     * when the service could not take it now: unreachable, busy (429) or failing (5xx); 'failed' otherwise).
     */
    async sendToBrowser(
      subscription: Pick<PushSubscriptionRow, 'endpoint' | 'p256dh' | 'auth'>,
      payload: PushPayload,
    ): Promise<'sent' | 'gone' | 'refused' | 'later' | 'failed'> {
      if (!isAllowedPushEndpoint(subscription.endpoint, deps.allowedOrigins)) return 'refused';
      try {
        await sendOne(subscription, payload);
        return 'sent';
      } catch (error) {
        if (!(error instanceof WebPushError)) return 'later';
        if (error.statusCode === 404 || error.statusCode === 410) return 'gone';
        return error.statusCode === 408 || error.statusCode === 429 || error.statusCode >= 500 ? 'later' : 'failed';
      }
    },

    /** Whether a browser-given push address is one the server may POST to. */
    allows: (endpoint: string) => isAllowedPushEndpoint(endpoint, deps.allowedOrigins),

    /**
     * Sends to each of the user's browsers. A subscription the push service no longer knows (404, 410)
     * is deleted; one whose address is no longer allowed is skipped. Answers what happened.
     */
    async sendToUser(db: Executor, userId: number, payload: PushPayload): Promise<PushOutcome> {
      const subscriptions = await pushSubscriptionsOf(db, userId);
      const outcome: PushOutcome = { sent: 0, removed: 0, failed: [] };
      for (const subscription of subscriptions) {
        const host = new URL(subscription.endpoint).host;
        if (!isAllowedPushEndpoint(subscription.endpoint, deps.allowedOrigins)) {
          outcome.failed.push(`push service ${host} is not allowed`);
          continue;
        }
        try {
          await sendOne(subscription, payload);
          outcome.sent += 1;
        } catch (error) {
          if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
            await deletePushSubscriptionById(db, subscription.id);
            outcome.removed += 1;
          } else if (error instanceof WebPushError) {
            outcome.failed.push(`push service ${host} answered ${error.statusCode}`);
          } else {
            outcome.failed.push(`push service ${host} unreachable: ${(error as Error).message}`);
          }
        }
      }
      return outcome;
    },
  };
}

export type WebPushSender = ReturnType<typeof createWebPushSender>;

/** A job's push: done when a browser took it (or the user has none); retried or failed otherwise. */
export function pushJobResult(outcome: PushOutcome) {
  if (outcome.sent > 0 || outcome.failed.length === 0) {
    if (outcome.sent === 0 && outcome.removed > 0)
      throw new PermanentJobFailure('Web Push: the browser subscription expired (subscribe again in the settings)');
    return;
  }
  throw new Error(`Web Push: ${outcome.failed.join('; ')}`);
}
