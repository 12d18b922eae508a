import { storageKeys } from '@sbo/contracts/constants';
import { chooseLanguage } from '../lib/languages';

/**
 * The first path segments of every screen behind sign-in (the route table's RequireSignIn and
 * RequireMerchant areas; test/sign-in-first.test.ts holds the two together). `/app` alone is not
 * among them: it only sends the mobile app's target on, or shows not-found.
 */
const signInSegments: ReadonlySet<string> = new Set([
  '',
  'admin',
  'cashbox',
  'dashboard',
  'device',
  'device-log',
  'invite-accept',
  'merchant-login',
  'ok-card',
  'product',
  'promotion',
  'user',
  'vip-card',
]);

/** Whether the screen at this path needs a signed-in user. */
export function needsSignIn(pathname: string): boolean {
  const [, first = '', second] = pathname.split('/');
  if (first === 'app') return second !== undefined && second !== '';
  return signInSegments.has(first);
}

/** A login token as the app stores it ({ value, expiresAt }) that still counts. */
function hasLoginToken(raw: string | null, now: number): boolean {
  if (!raw) return false;
  try {
    const entry = JSON.parse(raw) as { value?: unknown; expiresAt?: unknown };
    return typeof entry.value === 'string' && typeof entry.expiresAt === 'number' && now < entry.expiresAt;
  } catch {
    return false;
  }
}

const isInAppPath = (value: string | null): value is string =>
  typeof value === 'string' && /^\/(?![/\\])/.test(value) && !/[\s\\]/.test(value);

/** Where sign-in comes back to: as lib/sign-in's returnPathAfterSignIn, the merchant pick for sign-in's own pages. */
function returnPath(path: string | null): string {
  if (!isInAppPath(path) || path.startsWith('/user-login') || path.startsWith('/merchant-login')) {
    return '/merchant-login';
  }
  return path;
}

/** The sign-in service's start: the contract's `ssoAuthorize` under `/api/v1` (the test holds the two together). */
const signInStart = '/api/v1/sso/authorize';

type Visit = {
  pathname: string;
  search: string;
  readItem: (key: string) => string | null;
  browserLanguages: readonly string[];
  now: number;
};

/**
 * Where a first visit goes before any of the app's code loads: the sign-in service's start
 * (`/api/v1/sso/authorize`, as lib/sign-in's startSignIn builds it) when the screen needs a sign-in and
 * this browser holds no login token; otherwise null and the app starts. `/user-login` itself leaves at
 * once too, unless it carries a keyring to exchange, a sign-in error or the signed-out notice.
 */
export function signInFirstAddress({ pathname, search, readItem, browserLanguages, now }: Visit): string | null {
  if (hasLoginToken(readItem(storageKeys.accessToken), now)) return null;
  const params = new URLSearchParams(search);
  let redirect: string;
  if (pathname === '/user-login') {
    if (params.has('keyring') || params.has('error') || params.has('signedOut')) return null;
    redirect = returnPath(params.get('redirect'));
  } else if (needsSignIn(pathname)) {
    redirect = returnPath(`${pathname}${search}`);
  } else {
    return null;
  }
  const lang = chooseLanguage(readItem(storageKeys.lang), browserLanguages);
  return `${signInStart}?${new URLSearchParams({ redirect, lang }).toString()}`;
}
