import { apiRoutes } from '@sbo/contracts/api/routes';
import { callApi } from './api-client';

// Web Push in this browser (docs/notifications.md): the service worker (public/sw.js) shows what the
// api pushes; these functions subscribe and unsubscribe this browser for the signed-in member.

/** This browser's push state for the member: what the settings screen shows and offers. */
type PushState = 'unsupported' | 'denied' | 'subscribed' | 'unsubscribed';

const workerUrl = '/sw.js';

function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (existing) return existing;
  await navigator.serviceWorker.register(workerUrl, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** base64url (the VAPID public key) to the bytes PushManager takes as applicationServerKey. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

const sameKey = (subscription: PushSubscription, key: Uint8Array) => {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
};

/** Whether this browser can, may and does receive the member's pushes. */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const existing = await navigator.serviceWorker.getRegistration('/');
  const subscription = await existing?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'subscribed' : 'unsubscribed';
}

/**
 * Asks for the permission to notify (a click must lead here), subscribes this browser with the api's
 * VAPID key and gives the subscription to the api. Answers the state reached ('denied' when refused).
 */
export async function subscribeToPush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'unsubscribed';
  const { publicKey } = await callApi(apiRoutes.notificationPushKey);
  const key = keyBytes(publicKey);
  const worker = await registration();
  let subscription = await worker.pushManager.getSubscription();
  // A subscription made with another key (another install) cannot be used: start again.
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON();
  await callApi(apiRoutes.notificationPushSubscribe, {
    body: { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } },
  });
  return 'subscribed';
}

/** Stops pushes to this browser: the api forgets the subscription, then the browser drops it. */
export async function unsubscribeFromPush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const existing = await navigator.serviceWorker.getRegistration('/');
  const subscription = await existing?.pushManager.getSubscription();
  if (subscription) {
    await callApi(apiRoutes.notificationPushUnsubscribe, { body: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return pushState();
}
