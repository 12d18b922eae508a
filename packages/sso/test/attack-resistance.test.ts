import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../src/index.js';
import { Browser } from './helpers/browser.js';
import { codeFrom, exchangeCode, formAction, openSignInPage, REDIRECT_URI } from './helpers/oidc-client.js';
import { endPool, startTestDatabase, type TestDatabase } from './helpers/postgres.js';
import { type RunningSsoApp, startSsoApp } from './helpers/sso-app.js';

const VICTIM = { email: 'victim@example.com', password: 'the right password', name: 'Vic Tim' };

let database: TestDatabase;
let pool: pg.Pool;
let sso: RunningSsoApp;
let addressCount = 0;

// Every guess from an address of its own: the per-address limit never bites, only the per-account one.
const freshAddress = () => new Browser(`198.18.0.${(addressCount += 1)}`);

async function attempt(password: string, email = VICTIM.email) {
  const browser = freshAddress();
  const page = await openSignInPage(browser, sso.baseUrl);
  return browser.post(formAction(page), { email, password });
}

/** Ends the account's current wait, as if it had been sat out. */
const sitOutWait = (email: string) =>
  pool.query('UPDATE sso.account_attempts SET locked_until = now() WHERE email = $1', [email]);

beforeAll(async () => {
  database = await startTestDatabase();
  pool = new pg.Pool({ connectionString: database.url });
  sso = await startSsoApp(pool, { rateLimit: { max: 3, timeWindowMs: 60_000 } });
  await createAccount(pool, VICTIM);
});

afterAll(async () => {
  await sso?.app.close();
  if (pool) await endPool(pool);
  await database?.stop();
});

describe('per-account sign-in attempts', () => {
  it('lets an account be guessed 5 times from any addresses, then makes each further attempt wait longer', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await attempt(`guess ${i}`)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);

    // Even the right password is not checked while the account waits: the answer tells nothing.
    const locked = await attempt(VICTIM.password);
    expect(locked.status).toBe(429);
    expect(locked.text).toContain('Too many attempts');
    const firstWait = Number(locked.headers.get('retry-after'));
    expect(firstWait).toBeGreaterThan(10);
    expect(firstWait).toBeLessThanOrEqual(15);

    await sitOutWait(VICTIM.email);
    expect((await attempt('guess 6')).status).toBe(400);
    const secondWait = Number((await attempt(VICTIM.password)).headers.get('retry-after'));
    expect(secondWait).toBeGreaterThan(25);
    expect(secondWait).toBeLessThanOrEqual(30);

    await sitOutWait(VICTIM.email);
    expect((await attempt('guess 7')).status).toBe(400);
    expect(Number((await attempt(VICTIM.password)).headers.get('retry-after'))).toBeGreaterThan(55);
  });

  it('counts guesses sent at once as one by one', async () => {
    const email = 'burst@example.com';
    await createAccount(pool, { email, password: 'burst password', name: 'Burst' });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => attempt(`burst ${i}`, email)));
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it('counts an unknown email like any other, and a right password clears the count', async () => {
    const email = 'comeback@example.com';
    await createAccount(pool, { email, password: 'comeback password', name: 'Cam' });
    for (let i = 0; i < 4; i += 1) expect((await attempt(`nope ${i}`, email)).status).toBe(400);
    const browser = freshAddress();
    const page = await openSignInPage(browser, sso.baseUrl);
    const signedIn = await browser.post(formAction(page), { email, password: 'comeback password' });
    expect((await exchangeCode(sso.baseUrl, codeFrom(await browser.follow(signedIn, REDIRECT_URI)))).status).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await attempt(`again ${i}`, email)).status).toBe(400);

    for (let i = 0; i < 5; i += 1) expect((await attempt('x', 'nobody@example.com')).status).toBe(400);
    expect((await attempt('x', 'nobody@example.com')).status).toBe(429);
  });
});

describe('addresses the sign-in service publishes', () => {
  it('come from the issuer whatever X-Forwarded-Host or -Proto say', async () => {
    const response = await fetch(`${sso.baseUrl}/sso/.well-known/openid-configuration`, {
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', forwarded: 'host=evil.example' },
    });
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(sso.issuer);
    const { issuer: _issuer, ...rest } = discovery;
    const addresses = Object.values(rest).filter((value) => typeof value === 'string' && value.includes('://'));
    expect(addresses.length).toBeGreaterThan(4);
    expect(addresses.filter((address) => !String(address).startsWith(`${sso.issuer}/`))).toEqual([]);
  });
});

describe('PKCE', () => {
  it('refuses an authorization request without a code challenge', async () => {
    const response = await fetch(
      `${sso.baseUrl}/sso/auth?client_id=back-office&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(REDIRECT_URI)}`,
      { redirect: 'manual' },
    );
    expect(response.headers.get('location') ?? '').toContain('error=invalid_request');
  });

  it('refuses a code exchanged with another verifier, and the code still works with its own', async () => {
    const owner = { email: 'pkce@example.com', password: 'pkce password', name: 'Pia' };
    await createAccount(pool, owner);
    const browser = freshAddress();
    const page = await openSignInPage(browser, sso.baseUrl);
    const code = codeFrom(await browser.follow(await browser.post(formAction(page), owner), REDIRECT_URI));
    const stolen = await exchangeCode(sso.baseUrl, code, 'basic', 'another-verifier-of-enough-length-0123456789abcdef');
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toBe('invalid_grant');
    expect((await exchangeCode(sso.baseUrl, code)).status).toBe(200);
  });
});
