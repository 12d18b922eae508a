import { redirect, type LoaderFunctionArgs } from 'react-router';
import { getMerchantProfile } from '../../lib/auth-storage';
import { pendingInviteCode } from '../../lib/invite-code';
import { resolveAppTarget } from './app-target';

/** Loaders that decide from the address alone, before any screen code loads. */
const searchOf = (request: Request) => new URL(request.url).searchParams;

/** The accept page needs a code: in the address, or in the page's history entry once read (lib/invite-code). */
export function requireInviteCode({ request }: LoaderFunctionArgs) {
  if (!pendingInviteCode(new URL(request.url))) throw redirect('/merchant-login');
  return null;
}

/** Thrown so the route's error boundary renders the not-found screen at the same address. */
function notFound(): never {
  throw new Response('Not Found', { status: 404 });
}

export function requireHardwareId({ params }: LoaderFunctionArgs) {
  if (!params.hwid?.trim()) notFound();
  return null;
}

/** Device info is shown for the device picked on the list (`?id=`); without one, back to the list. */
export function requireSelectedDevice({ request }: LoaderFunctionArgs) {
  if (!searchOf(request).get('id')?.trim()) throw redirect('/device');
  return null;
}

/** A storeManager has no dashboard; the device list is their home. */
export function sendStoreManagerToDevices() {
  if (getMerchantProfile()?.member.rbacRole === 'storeManager') throw redirect('/device');
  return null;
}

/** The admin screen is for service agents (role root) only; anyone else never sees it. */
export function requireServiceAgent() {
  if (getMerchantProfile()?.member.rbacRole !== 'root') notFound();
  return null;
}

/** `/app?target=...` from the merchant's mobile app, sent on to the matching `/app` screen. */
export function redirectAppTarget({ request }: LoaderFunctionArgs) {
  const target = resolveAppTarget(searchOf(request));
  if (!target) notFound();
  throw redirect(target);
}
