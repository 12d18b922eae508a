import { createRemoteJWKSet, jwtVerify } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../src/index.js';
import { Browser } from './helpers/browser.js';
import {
  authorizeUrl,
  codeFrom,
  exchangeCode,
  formAction,
  openSignInPage,
  REDIRECT_URI,
} from './helpers/oidc-client.js';
import { endPool, startTestDatabase, type TestDatabase } from './helpers/postgres.js';
import { type RunningSsoApp, startSsoApp } from './helpers/sso-app.js';

const OWNER = { email: 'Owner@Example.com', password: 'correct horse battery', name: 'Olivia Owner' };

let database: TestDatabase;
let pool: pg.Pool;
let sso: RunningSsoApp;
let clientCount = 0;

// Each browser comes from its own address, so the per-address rate limit only bites where a test wants it.
const newBrowser = () => new Browser(`198.51.100.${(clientCount += 1)}`);

async function signIn(browser: Browser, baseUrl: string, credentials = OWNER) {
  const page = await openSignInPage(browser, baseUrl);
  const submitted = await browser.post(formAction(page), { email: credentials.email, password: credentials.password });
  return codeFrom(await browser.follow(submitted, REDIRECT_URI));
}

async function verifiedIdToken(baseUrl: string, issuer: string, idToken: unknown) {
  if (typeof idToken !== 'string') throw new Error('no id_token');
  const keys = createRemoteJWKSet(new URL(`${baseUrl}/sso/jwks`));
  const { payload } = await jwtVerify(idToken, keys, { issuer, audience: 'back-office' });
  return payload;
}

beforeAll(async () => {
  database = await startTestDatabase();
  pool = new pg.Pool({ connectionString: database.url });
  sso = await startSsoApp(pool);
  await createAccount(pool, OWNER);
});

afterAll(async () => {
  await sso?.app.close();
  if (pool) await endPool(pool);
  await database?.stop();
});

describe('authorization code flow', () => {
  it('shows the sign-in page, grants consent without asking and returns a code to the redirect_uri', async () => {
    const browser = newBrowser();
    const page = await openSignInPage(browser, sso.baseUrl);
    expect(page.status).toBe(200);
    expect(page.url).toMatch(/\/sso\/interaction\/[\w-]+$/);
    expect(page.text).toContain('<h1>Sign in</h1>');
    expect(page.text).toContain('autocomplete="current-password"');

    const submitted = await browser.post(formAction(page), { email: OWNER.email, password: OWNER.password });
    expect(submitted.status).toBe(303);
    const consent = await browser.get(new URL(submitted.location ?? '', submitted.url).href);
    expect(new URL(consent.location ?? '', consent.url).pathname).toMatch(/^\/sso\/interaction\//);
    expect(codeFrom(await browser.follow(consent, REDIRECT_URI))).not.toBe('');
  });

  it('exchanges the code with client_secret_basic for an id_token carrying the email', async () => {
    const code = await signIn(newBrowser(), sso.baseUrl);
    const tokens = await exchangeCode(sso.baseUrl, code, 'basic');
    expect(tokens.status).toBe(200);
    const claims = await verifiedIdToken(sso.baseUrl, sso.issuer, tokens.body.id_token);
    expect(claims).toMatchObject({ email: 'owner@example.com', email_verified: true, name: OWNER.name, locale: 'en' });
    expect(claims.sub).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('accepts client_secret_post too', async () => {
    const tokens = await exchangeCode(sso.baseUrl, await signIn(newBrowser(), sso.baseUrl), 'post');
    expect(tokens.status).toBe(200);
  });

  it('refuses the same code a second time', async () => {
    const code = await signIn(newBrowser(), sso.baseUrl);
    expect((await exchangeCode(sso.baseUrl, code)).status).toBe(200);
    const replay = await exchangeCode(sso.baseUrl, code);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
  });

  it('skips the sign-in page while the browser has a session', async () => {
    const browser = newBrowser();
    await signIn(browser, sso.baseUrl);
    const again = await openSignInPage(browser, sso.baseUrl);
    expect(codeFrom(again)).not.toBe('');
  });

  it('asks before signing out, then signs the browser out so the next authorization shows the sign-in page', async () => {
    const browser = newBrowser();
    await signIn(browser, sso.baseUrl);
    const confirm = await browser.get(`${sso.baseUrl}/sso/session/end?ui_locales=zh-CN`);
    expect(confirm.text).toContain('<h1>退出登录</h1>');
    const form =
      /<form id="op.logoutForm" method="post" action="([^"]+)"><input type="hidden" name="xsrf" value="([^"]+)"/.exec(
        confirm.text,
      );
    if (!form?.[1] || !form[2]) throw new Error('no logout form');
    const done = await browser.follow(await browser.post(form[1], { xsrf: form[2], logout: 'yes' }), REDIRECT_URI);
    expect(done.text).toContain('You are signed out');
    const again = await openSignInPage(browser, sso.baseUrl);
    expect(again.text).toContain('<h1>Sign in</h1>');
  });

  it('publishes discovery with the issuer and endpoints under the mount path', async () => {
    const response = await fetch(`${sso.baseUrl}/sso/.well-known/openid-configuration`);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: sso.issuer,
      authorization_endpoint: `${sso.baseUrl}/sso/auth`,
      token_endpoint: `${sso.baseUrl}/sso/token`,
      response_types_supported: ['code'],
    });
    expect(discovery.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(['client_secret_basic', 'client_secret_post']),
    );
  });
});

describe('several instances on one database', () => {
  it('finishes on a second instance a sign-in started on the first', async () => {
    const second = await startSsoApp(pool, { issuer: sso.issuer });
    try {
      const browser = newBrowser();
      const started = await browser.get(authorizeUrl(sso.baseUrl));
      const interactionPath = new URL(started.location ?? '', started.url).pathname;
      const page = await browser.get(`${second.baseUrl}${interactionPath}`);
      expect(page.text).toContain('<h1>Sign in</h1>');

      const submitted = await browser.post(formAction(page), { email: OWNER.email, password: OWNER.password });
      const code = codeFrom(await browser.follow(submitted, REDIRECT_URI));
      const tokens = await exchangeCode(sso.baseUrl, code);
      expect(tokens.status).toBe(200);
      // Both instances sign with the one key stored in the database.
      const claims = await verifiedIdToken(second.baseUrl, sso.issuer, tokens.body.id_token);
      expect(claims.email).toBe('owner@example.com');
    } finally {
      await second.app.close();
    }
  });
});
