import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@sbo/sso';
import { ConfigError, loadConfig } from '../src/config';
import { body } from './helpers/fixtures';
import { freePort } from './helpers/free-port';
import { redeemKeyring, signInThroughPages } from './helpers/sign-in-client';
import { createTestApp, type TestContext } from './helpers/test-app';

/** Two apps: one trusting no proxy (the default), one trusting the test client as its proxy. */
type Running = { ctx: TestContext; base: string };
let direct: Running;
let behindProxy: Running;

async function start(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const ctx = await createTestApp({ PUBLIC_URL: base, RATE_LIMIT_SIGN_IN_PER_MINUTE: '5', ...env });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  return { ctx, base };
}

const ANA = { email: 'ana@example.com', password: 'correct horse' };
let addressCount = 0;
const fromAddress = () => ({ 'x-forwarded-for': `203.0.113.${(addressCount += 1)}` });
const authorize = (app: Running, redirect = '/dashboard') =>
  `${app.base}/api/v1/sso/authorize?redirect=${encodeURIComponent(redirect)}&lang=en`;

beforeAll(async () => {
  [direct, behindProxy] = [await start({}), await start({ TRUST_PROXY: '127.0.0.1' })];
  for (const app of [direct, behindProxy]) await createAccount(app.ctx.pool, { ...ANA, name: 'Ana Lee' });
});
afterAll(async () => {
  await direct?.ctx.close();
  await behindProxy?.ctx.close();
});

describe('TRUST_PROXY', () => {
  it('takes addresses and CIDR ranges, and names the setting when an entry is neither', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
    ]);
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});

describe('a refused setting', () => {
  it('names a secret and its length but never shows its value, and masks the password in a URL', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    const short = refusal({ JWT_SECRET: 'hunter2-too-short' });
    expect(short).toContain('JWT_SECRET=(withheld, 17 characters)');
    expect(short).not.toContain('hunter2');
    const url = refusal({ DATABASE_URL: 'postgres://app:s3cret-pass@db example/x' });
    expect(url).toContain('DATABASE_URL="postgres://app:***@db example/x"');
    expect(url).not.toContain('s3cret-pass');
    expect(refusal({ PORT: 'eighty' })).toContain('PORT="eighty"');
  });
});

describe('sign-in attempts per address', () => {
  it('gives an address 5 attempts a minute however X-Forwarded-For changes', async () => {
    const statuses = [];
    for (let i = 0; i < 7; i += 1) {
      // A different account each time, so only the per-address limit can bite.
      const credentials = { email: `rotating${i}@example.com`, password: 'guess' };
      statuses.push((await signInThroughPages(authorize(direct), credentials, fromAddress())).lastStatus);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
  });

  it('gives the token exchange 5 calls a minute however X-Forwarded-For changes', async () => {
    const statuses = [];
    for (let i = 0; i < 7; i += 1) {
      const response = await fetch(`${direct.base}/api/v1/sso/replacement?keyring=guess${i}`, {
        headers: fromAddress(),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([478, 478, 478, 478, 478, 429, 429]);
  });
});

describe('sign-in attempts per account', () => {
  it('locks an account guessed from many addresses, each further attempt waiting longer', async () => {
    const { pool } = behindProxy.ctx;
    await createAccount(pool, { email: 'target@example.com', password: 'target password', name: 'Target' });
    const guess = (password: string) =>
      signInThroughPages(authorize(behindProxy), { email: 'target@example.com', password }, fromAddress());
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await guess(`guess ${i}`)).lastStatus);
    // Behind a trusted proxy every address is its own, so the per-address limit never bit.
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    const locked = await guess('target password');
    expect(locked.lastStatus).toBe(429);
    expect(locked.keyring).toBeNull();

    const waits = [];
    for (let round = 0; round < 2; round += 1) {
      await pool.query("UPDATE sso.account_attempts SET locked_until = now() WHERE email = 'target@example.com'");
      expect((await guess(`late guess ${round}`)).lastStatus).toBe(400);
      const { rows } = await pool.query<{ wait: number }>(
        "SELECT EXTRACT(EPOCH FROM locked_until - now())::float AS wait FROM sso.account_attempts WHERE email = 'target@example.com'",
      );
      waits.push(rows[0]!.wait);
    }
    expect(waits[0]).toBeGreaterThan(25);
    expect(waits[1]).toBeGreaterThan(waits[0]! * 1.8);

    await pool.query("UPDATE sso.account_attempts SET locked_until = now() WHERE email = 'target@example.com'");
    const owner = await signInThroughPages(
      authorize(behindProxy),
      { email: 'target@example.com', password: 'target password' },
      fromAddress(),
    );
    expect(owner.keyring).toBeTruthy();
  });
});

describe('the sign-in service discovery document', () => {
  it('names the configured issuer and its endpoints whatever X-Forwarded-Host says', async () => {
    for (const app of [direct, behindProxy]) {
      const discovery = async (headers: Record<string, string>) =>
        body(fetch(`${app.base}/sso/.well-known/openid-configuration`, { headers }));
      const plain = await discovery({});
      const forged = await discovery({ 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
      expect(forged).toEqual(plain);
      expect(forged.issuer).toBe(`${app.base}/sso`);
      expect(forged.authorization_endpoint).toBe(`${app.base}/sso/auth`);
      expect(forged.token_endpoint).toBe(`${app.base}/sso/token`);
      expect(forged.jwks_uri).toBe(`${app.base}/sso/jwks`);
    }
  });
});

describe('a sign-in is bound to the browser that started it', () => {
  it('sends a random state, a nonce and an S256 code challenge, and keeps them in an httpOnly cookie', async () => {
    const response = await fetch(authorize(behindProxy, '/device'), { redirect: 'manual' });
    const issuerAddress = new URL(response.headers.get('location')!);
    const state = issuerAddress.searchParams.get('state')!;
    expect(state).not.toContain(Buffer.from('/device').toString('base64url'));
    expect(state.length).toBeGreaterThanOrEqual(43);
    expect(issuerAddress.searchParams.get('nonce')?.length).toBeGreaterThanOrEqual(43);
    expect(issuerAddress.searchParams.get('code_challenge_method')).toBe('S256');
    expect(issuerAddress.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const cookie = response.headers.getSetCookie().join('\n');
    expect(cookie).toMatch(/^sbo_sign_in=[^;]+;.*Path=\/api\/v1\/sso; HttpOnly; SameSite=Lax/);
    expect(cookie).not.toContain('/device');
  });

  it('refuses a callback with a state this browser was not given, and relays nothing', async () => {
    const started = await fetch(authorize(behindProxy), { redirect: 'manual' });
    const cookie = started.headers.getSetCookie()[0]!.split(';')[0]!;
    const forged = (headers: Record<string, string>) =>
      fetch(`${behindProxy.base}/api/v1/sso/callback?code=attacker-code&state=attacker-state`, {
        redirect: 'manual',
        headers,
      });
    for (const response of [await forged({}), await forged({ cookie })]) {
      expect(response.status).toBe(302);
      const target = new URL(response.headers.get('location')!, behindProxy.base);
      expect(target.pathname).toBe('/user-login');
      expect(target.searchParams.get('keyring')).toBeNull();
      expect(target.searchParams.get('error')).toBe('invalid_state');
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it("refuses browser A's keyring from browser B or from no browser (10001), then lets A redeem it once", async () => {
    const browserA = await signInThroughPages(authorize(behindProxy), ANA, fromAddress());
    const browserB = await signInThroughPages(authorize(behindProxy), ANA, fromAddress());
    expect(browserA.keyring && browserB.keyring).toBeTruthy();

    for (const cookie of [browserB.cookie, '']) {
      const refused = await redeemKeyring(behindProxy.base, browserA, cookie, fromAddress());
      expect(refused.status).toBe(478);
      expect((await body(refused)).code).toBe(10001);
    }
    const redeemed = await redeemKeyring(behindProxy.base, browserA, browserA.cookie, fromAddress());
    expect(redeemed.status).toBe(200);
    expect((await body(redeemed)).result.jwt).toBeTruthy();
    expect(redeemed.headers.getSetCookie()[0]).toMatch(/^sbo_sign_in=; Max-Age=0/);

    const replayed = await redeemKeyring(behindProxy.base, browserA, browserA.cookie, fromAddress());
    expect(replayed.status).toBe(478);
    expect((await body(replayed)).code).toBe(10001);
    // B's own sign-in was left alone by the attempt with A's keyring.
    expect((await redeemKeyring(behindProxy.base, browserB, browserB.cookie, fromAddress())).status).toBe(200);
  });

  it("refuses a victim's browser the attacker's keyring relayed through a callback (login CSRF)", async () => {
    const attacker = await signInThroughPages(authorize(behindProxy), ANA, fromAddress());
    const victimStart = await fetch(authorize(behindProxy), { redirect: 'manual' });
    const victimCookie = victimStart.headers.getSetCookie()[0]!.split(';')[0]!;
    const refused = await redeemKeyring(behindProxy.base, attacker, victimCookie, fromAddress());
    expect((await body(refused)).code).toBe(10001);
    expect((await redeemKeyring(behindProxy.base, attacker, attacker.cookie, fromAddress())).status).toBe(200);
  });
});
