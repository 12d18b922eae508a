import { apiRoutes } from '@sbo/contracts/api/routes';
import type { DoneAlertInput } from '@sbo/contracts/schemas/place-page';
import { callPublic } from '../lib/api';

// Asks the api to push this browser once when a running machine is done (no account): the browser's push
// subscription, made with the api's VAPID key, through the product's service worker (/sw.js shows it).

export type AskOutcome = 'waiting' | 'unsupported' | 'denied' | 'ended' | 'tooMany' | 'failed';

export const pushSupported = () =>
  window.isSecureContext && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

async function subscription(pushKey: string): Promise<PushSubscription> {
  let registration = await navigator.serviceWorker.getRegistration('/');
  if (!registration) {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    registration = await navigator.serviceWorker.ready;
  }
  const existing = await registration.pushManager.getSubscription();
  if (existing) return existing;
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(pushKey) });
}

/** Must run from a click: asks the permission, subscribes, and hands the subscription to the api. */
export async function askDoneAlert(
  place: { key: string; pushKey: string | null },
  deviceId: number,
  language: DoneAlertInput['language'],
): Promise<AskOutcome> {
  if (!pushSupported() || !place.pushKey) return 'unsupported';
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  try {
    const { endpoint, keys } = (await subscription(place.pushKey)).toJSON();
    if (!endpoint || !keys?.p256dh || !keys.auth) return 'failed';
    const body: DoneAlertInput = { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth }, language };
    await callPublic(apiRoutes.placePageDoneAlert, { key: place.key, deviceId }, { body });
    return 'waiting';
  } catch (error) {
    const refusal = error as { status?: number; code?: number | null };
    if (refusal.code === 1710005) return 'ended';
    if (refusal.status === 429) return 'tooMany';
    return 'failed';
  }
}
