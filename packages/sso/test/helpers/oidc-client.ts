import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { Browser, BrowserResponse } from './browser.js';
import { TEST_CLIENT } from './sso-app.js';

export const REDIRECT_URI = TEST_CLIENT.redirect_uris[0] ?? '';

/** The PKCE verifier every test authorization uses (the provider requires S256 from every client). */
export const CODE_VERIFIER = 'test-code-verifier-that-is-at-least-forty-three-characters-long';
const CODE_CHALLENGE = createHash('sha256').update(CODE_VERIFIER).digest('base64url');

export function authorizeUrl(baseUrl: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({
    client_id: TEST_CLIENT.client_id,
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: REDIRECT_URI,
    state: '/merchant-login',
    code_challenge: CODE_CHALLENGE,
    code_challenge_method: 'S256',
    ...extra,
  });
  return `${baseUrl}/sso/auth?${params.toString()}`;
}

/** Starts an authorization request and follows it to the page it lands on. */
export async function openSignInPage(browser: Browser, baseUrl: string, extra: Record<string, string> = {}) {
  return browser.follow(await browser.get(authorizeUrl(baseUrl, extra)), REDIRECT_URI);
}

/** The absolute URL a page's form posts to. */
export function formAction(page: BrowserResponse): string {
  const action = /<form method="post" action="([^"]+)"/.exec(page.text)?.[1];
  if (!action) throw new Error(`no form on the page (status ${page.status})`);
  return new URL(action, page.url).href;
}

/** The authorization code of a redirect back to the client, after checking the state came back too. */
export function codeFrom(response: BrowserResponse): string {
  expect(response.status).toBe(303);
  const location = new URL(response.location ?? '', response.url);
  expect(location.href.startsWith(REDIRECT_URI)).toBe(true);
  expect(location.searchParams.get('state')).toBe('/merchant-login');
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`no code in ${location.href}`);
  return code;
}

export type TokenResponse = { status: number; body: Record<string, unknown> };

/** Exchanges a code at the token endpoint, as the back-office api does, with either secret method. */
export async function exchangeCode(
  baseUrl: string,
  code: string,
  method: 'basic' | 'post' = 'basic',
  codeVerifier = CODE_VERIFIER,
): Promise<TokenResponse> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: codeVerifier,
  });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (method === 'basic') {
    const credentials = `${encodeURIComponent(TEST_CLIENT.client_id)}:${encodeURIComponent(TEST_CLIENT.client_secret)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
  } else {
    form.set('client_id', TEST_CLIENT.client_id);
    form.set('client_secret', TEST_CLIENT.client_secret);
  }
  const response = await fetch(`${baseUrl}/sso/token`, { method: 'POST', headers, body: form.toString() });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
