import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body } from './helpers/fixtures';
import { freePort } from './helpers/free-port';
import { redeemKeyring, signInThroughPages } from './helpers/sign-in-client';
import { createTestApp, createTestDatabase, type TestContext } from './helpers/test-app';

/** A production app on `databaseUrl`, listening on its own port (the sign-in pages need real requests). */
async function productionApp(databaseUrl: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const ctx = await createTestApp({ MODE: 'production', PUBLIC_URL: base, ...env }, undefined, {
    databaseUrl,
    firstStart: true,
  });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  return { ctx, base };
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

const ROOT = { email: 'Rosa@Example.com', name: 'Rosa Root', password: 'a long root password' };
const apps: TestContext[] = [];
let databaseUrl: string;
let first: { ctx: TestContext; base: string };

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  first = await productionApp(databaseUrl);
  apps.push(first.ctx);
});
afterAll(async () => {
  for (const ctx of apps) await ctx.close();
});

async function accounts() {
  const users = await first.ctx.pool.query('select email, is_root from users');
  const sso = await first.ctx.pool.query('select email, password_hash from sso.accounts');
  return { users: users.rows, sso: sso.rows };
}

describe('a production start on a database with no root account', () => {
  it('creates no account and makes a one-time set-up link, storing only its hash', async () => {
    const link = first.ctx.app.setupLink;
    expect(link).toMatch(new RegExp(`^${first.base}/setup\\?token=[A-Za-z0-9_-]{43}$`));
    expect(await accounts()).toEqual({ users: [], sso: [] });
    const token = new URL(link!).searchParams.get('token')!;
    const stored = await first.ctx.pool.query("select value from app_secrets where name like 'first-root%'");
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].value).not.toContain(token);
  });

  it('answers only the set-up page and the health probes: the api says 503 SETTING_UP, pages say it is being set up', async () => {
    const api = await fetch(`${first.base}/api/v1/user/me`);
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({
      code: 10013,
      message: 'The back-office is being set up: it opens once its first root account is created.',
    });
    expect((await fetch(`${first.base}/api/v1/sso/authorize?redirect=/`, { redirect: 'manual' })).status).toBe(503);
    expect((await fetch(`${first.base}/api/docs`)).status).toBe(503);
    expect((await fetch(`${first.base}/api/health`)).status).toBe(200);
    expect((await fetch(`${first.base}/api/ready`)).status).toBe(200);

    for (const path of ['/', '/dashboard', '/sso/.well-known/openid-configuration']) {
      const page = await fetch(`${first.base}${path}`, { headers: { accept: 'text/html', 'accept-language': 'ja' } });
      expect(page.status).toBe(503);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      const html = await page.text();
      expect(html).toContain('<html lang="ja">');
      expect(html).toContain('管理画面をセットアップしています');
      expect(html).not.toContain('<script');
    }
  });

  it('refuses a wrong or missing token with a clear page, creating nothing', async () => {
    for (const query of ['', '?token=', '?token=not-the-token']) {
      const page = await fetch(`${first.base}/setup${query}`);
      expect(page.status).toBe(403);
      expect(await page.text()).toContain('This set-up link does not work');
    }
    const posted = await fetch(
      `${first.base}/setup`,
      form({ token: 'forged', ...ROOT, passwordConfirm: ROOT.password }),
    );
    expect(posted.status).toBe(403);
    expect(await accounts()).toEqual({ users: [], sso: [] });
  });

  it('shows the form in the language asked for, with a label for every input', async () => {
    const page = await fetch(first.ctx.app.setupLink!, { headers: { 'accept-language': 'zh-TW,zh;q=0.9,en;q=0.5' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="zh-TW">');
    expect(html).toContain('設定後台');
    for (const field of ['email', 'name', 'password', 'passwordConfirm']) {
      expect(html).toContain(`<label for="${field}">`);
      expect(html).toMatch(new RegExp(`<input id="${field}" name="${field}"`));
    }
    expect(html).not.toContain('<script');
  });
});

describe('the set-up link', () => {
  it('stops working when the server starts again without a root account; the new one works', async () => {
    const earlier = first.ctx.app.setupLink!;
    const second = await productionApp(databaseUrl);
    apps.push(second.ctx);
    expect(second.ctx.app.setupLink).not.toBe(earlier);
    expect((await fetch(earlier)).status).toBe(403);
    expect((await fetch(second.ctx.app.setupLink!)).status).toBe(200);
  });

  it('expires after an hour of the app clock', async () => {
    const third = await productionApp(databaseUrl);
    apps.push(third.ctx);
    const link = third.ctx.app.setupLink!;
    third.ctx.clock.advance(59 * 60_000);
    expect((await fetch(link)).status).toBe(200);
    third.ctx.clock.advance(2 * 60_000);
    expect((await fetch(link)).status).toBe(403);
    const token = new URL(link).searchParams.get('token')!;
    const posted = await fetch(`${third.base}/setup`, form({ token, ...ROOT, passwordConfirm: ROOT.password }));
    expect(posted.status).toBe(403);
    expect(await posted.text()).toContain('it has expired');
    expect(await accounts()).toEqual({ users: [], sso: [] });
  });
});

describe('creating the first root account', () => {
  let last: { ctx: TestContext; base: string };
  let token: string;
  beforeAll(async () => {
    last = await productionApp(databaseUrl, { RATE_LIMIT_SIGN_IN_PER_MINUTE: '10' });
    apps.push(last.ctx);
    token = new URL(last.ctx.app.setupLink!).searchParams.get('token')!;
  });

  it('re-shows the form with the error in the language asked for and creates nothing', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ ...ROOT, passwordConfirm: 'another password!' }, 'en', 'The two passwords are not the same'],
      [{ ...ROOT, passwordConfirm: 'another password!' }, 'zh-TW', '兩次輸入的密碼不一致'],
      [{ ...ROOT, password: 'short', passwordConfirm: 'short' }, 'ja', 'パスワードは 8 文字以上にしてください'],
      [{ ...ROOT, email: 'not-an-email', passwordConfirm: ROOT.password }, 'th', 'โปรดกรอกอีเมลที่ถูกต้อง'],
      [{ ...ROOT, name: '  ', passwordConfirm: ROOT.password }, 'vi', 'Vui lòng điền đầy đủ tất cả các trường.'],
    ];
    for (const [fields, language, error] of cases) {
      const response = await fetch(`${last.base}/setup`, {
        ...form({ token, ...fields }),
        headers: { ...form({}).headers, 'accept-language': language },
      });
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(`<html lang="${language}">`);
      expect(html).toContain(error);
      expect(html).toContain('role="alert"');
      expect(html).toContain(`value="${token}"`);
    }
    expect(await accounts()).toEqual({ users: [], sso: [] });
  });

  it('creates the root account once through the link; a second use is refused', async () => {
    const created = await fetch(`${last.base}/setup`, form({ token, ...ROOT, passwordConfirm: ROOT.password }));
    expect(created.status).toBe(201);
    const done = await created.text();
    expect(done).toContain('The back-office is set up');
    expect(done).toContain('<strong>rosa@example.com</strong>');
    expect(done).toContain('href="/api/v1/sso/authorize?redirect=%2F&amp;lang=en"');

    const { users, sso } = await accounts();
    expect(users).toEqual([{ email: 'rosa@example.com', is_root: true }]);
    expect(sso).toHaveLength(1);
    expect(sso[0].email).toBe('rosa@example.com');
    expect(sso[0].password_hash).toMatch(/^scrypt\$/);
    const left = await last.ctx.pool.query("select 1 from app_secrets where name like 'first-root%'");
    expect(left.rows).toEqual([]);

    const again = await fetch(
      `${last.base}/setup`,
      form({ token, ...ROOT, email: 'other@example.com', passwordConfirm: ROOT.password }),
    );
    expect(again.status).toBe(410);
    expect(await again.text()).toContain('The back-office is already set up');
    expect((await fetch(last.ctx.app.setupLink!)).status).toBe(410);
    expect((await accounts()).users).toHaveLength(1);
  });

  it('lets the root sign in, and the gate is gone on every instance on the database', async () => {
    const signIn = await signInThroughPages(`${last.base}/api/v1/sso/authorize?redirect=%2F&lang=en`, {
      email: ROOT.email,
      password: ROOT.password,
    });
    expect(signIn.keyring).toBeTruthy();
    const { jwt } = (await body(redeemKeyring(last.base, signIn))).result;
    const me = await body(fetch(`${last.base}/api/v1/user/me`, { headers: bearer(jwt) }));
    expect(me.result).toMatchObject({ email: 'rosa@example.com', nickName: 'Rosa Root', isRoot: true });

    // The first instance, still running, looks again and finds the root account.
    const api = await fetch(`${first.base}/api/v1/user/me`, { headers: bearer(jwt) });
    expect(api.status).toBe(200);
    const page = await fetch(`${first.base}/dashboard`, { headers: { accept: 'text/html' } });
    expect(page.status).not.toBe(503);
  });

  it('limits set-up posts per address, as the sign-in forms are', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12 && !statuses.includes(429); i += 1) {
      statuses.push((await fetch(`${last.base}/setup`, form({ token: 'guess' }))).status);
    }
    expect(statuses).toContain(429);
  });
});

describe('with an external sign-in service (OIDC_ISSUER)', () => {
  it('names the root account by email with no password: they sign in at their issuer', async () => {
    const { ctx, base } = await productionApp(await createTestDatabase(), {
      OIDC_ISSUER: 'http://127.0.0.1:9/issuer',
      OIDC_CLIENT_ID: 'back-office',
      OIDC_CLIENT_SECRET: 'external-client-secret',
    });
    apps.push(ctx);
    const link = ctx.app.setupLink!;
    const html = await (await fetch(link)).text();
    expect(html).toContain('no password is set here');
    expect(html).not.toContain('type="password"');
    const token = new URL(link).searchParams.get('token')!;
    const created = await fetch(`${base}/setup`, form({ token, email: 'kim@example.com', name: 'Kim Park' }));
    expect(created.status).toBe(201);
    const users = await ctx.pool.query('select email, nick_name, is_root from users');
    expect(users.rows).toEqual([{ email: 'kim@example.com', nick_name: 'Kim Park', is_root: true }]);
    expect((await fetch(`${base}/api/v1/user/me`)).status).not.toBe(503);
  });
});
