import { apiRoutes } from '@sbo/contracts/api/routes';
import { endpointAddress } from './api-client';
import { currentLanguage } from './i18n';
import { isInAppPath } from './navigation';

/** Where to land after sign-in: an in-app `redirect`, unless it points back into sign-in itself. */
export function returnPathAfterSignIn(redirect: string | null): string {
  if (!isInAppPath(redirect) || redirect.startsWith('/user-login') || redirect.startsWith('/merchant-login')) {
    return '/merchant-login';
  }
  return redirect;
}

/** Sends the browser to the sign-in service, which comes back to /user-login with a keyring. */
export function startSignIn(redirect: string | null): void {
  const query = { redirect: returnPathAfterSignIn(redirect), lang: currentLanguage() };
  globalThis.location.assign(endpointAddress(apiRoutes.ssoAuthorize, { query }));
}

/** Where to go once a merchant is picked: an in-app `redirect` outside sign-in, else the dashboard. */
export function returnPathAfterMerchantPick(redirect: string | null): string {
  const target = returnPathAfterSignIn(redirect);
  return target === '/merchant-login' ? '/dashboard' : target;
}
