import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, findAccountByEmail } from '../src/index.js';
import { Browser, type BrowserResponse } from './helpers/browser.js';
import { codeFrom, exchangeCode, formAction, openSignInPage, REDIRECT_URI } from './helpers/oidc-client.js';
import { endPool, startTestDatabase, type TestDatabase } from './helpers/postgres.js';
import { type RunningSsoApp, startSsoApp } from './helpers/sso-app.js';

const OWNER = { email: 'owner@example.com', password: 'correct horse battery', name: 'Olivia Owner' };

let database: TestDatabase;
let pool: pg.Pool;
let sso: RunningSsoApp;
let clientCount = 0;

const newBrowser = () => new Browser(`192.0.2.${(clientCount += 1)}`);

async function openSignUpPage(browser: Browser, extra: Record<string, string> = {}): Promise<BrowserResponse> {
  const signIn = await openSignInPage(browser, sso.baseUrl, extra);
  const link = /<a href="([^"]+\/signup)">/.exec(signIn.text)?.[1];
  if (!link) throw new Error('no sign-up link on the sign-in page');
  return browser.get(new URL(link, signIn.url).href);
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

describe('sign-in page errors', () => {
  it('says the password is wrong and keeps the email', async () => {
    const browser = newBrowser();
    const page = await openSignInPage(browser, sso.baseUrl);
    const result = await browser.post(formAction(page), { email: 'Owner@Example.com', password: 'not the password' });
    expect(result.status).toBe(400);
    expect(result.text).toContain('That password is not correct');
    expect(result.text).toContain('value="Owner@Example.com"');
    expect(result.text).toMatch(/id="password"[^>]*aria-invalid="true"/);
  });

  it('says no account has the email and offers sign-up with it', async () => {
    const browser = newBrowser();
    const page = await openSignInPage(browser, sso.baseUrl);
    const result = await browser.post(formAction(page), { email: 'nobody@example.com', password: 'whatever123' });
    expect(result.status).toBe(400);
    expect(result.text).toContain('There is no account with the email <strong>nobody@example.com</strong>.');
    expect(result.text).toMatch(/href="[^"]+\/signup\?email=nobody%40example\.com">Create an account with this email/);
    expect(result.text).toContain('value="nobody@example.com"');
  });

  it('asks for every field, then for a valid email', async () => {
    const browser = newBrowser();
    const page = await openSignInPage(browser, sso.baseUrl);
    const empty = await browser.post(formAction(page), { email: 'owner@example.com' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('Fill in every field.');
    const invalid = await browser.post(formAction(page), { email: 'owner-at-example', password: 'x' });
    expect(invalid.text).toContain('Enter a valid email address');
  });

  it('escapes what the user typed', async () => {
    const browser = newBrowser();
    const page = await openSignInPage(browser, sso.baseUrl);
    const result = await browser.post(formAction(page), { email: '"><script>alert(1)</script>', password: 'x' });
    expect(result.text).not.toContain('<script>alert(1)</script>');
    expect(result.text).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('shows an expired-page message for an unknown interaction', async () => {
    const result = await newBrowser().get(`${sso.baseUrl}/sso/interaction/does-not-exist`);
    expect(result.status).toBe(400);
    expect(result.text).toContain('This sign-in page has expired');
  });
});

describe('sign-up', () => {
  it('creates an account and completes the flow', async () => {
    const browser = newBrowser();
    const page = await openSignUpPage(browser, { ui_locales: 'vi' });
    expect(page.text).toContain('Tạo tài khoản');
    expect(page.text).toContain('autocomplete="new-password"');
    const submitted = await browser.post(formAction(page), {
      name: 'Nguyễn Văn An',
      email: ' An.Nguyen@Example.com ',
      password: 'mật khẩu mới',
    });
    const tokens = await exchangeCode(sso.baseUrl, codeFrom(await browser.follow(submitted, REDIRECT_URI)));
    expect(tokens.status).toBe(200);
    const account = await findAccountByEmail(pool, 'an.nguyen@example.com');
    expect(account).toMatchObject({ email: 'an.nguyen@example.com', name: 'Nguyễn Văn An', locale: 'vi' });
  });

  it('refuses a registered email and offers to sign in, keeping the entries', async () => {
    const browser = newBrowser();
    const page = await openSignUpPage(browser);
    const result = await browser.post(formAction(page), { name: 'Other', email: OWNER.email, password: 'long enough' });
    expect(result.status).toBe(400);
    expect(result.text).toContain('An account with the email <strong>owner@example.com</strong> already exists.');
    expect(result.text).toContain('Sign in instead');
    expect(result.text).toContain('value="Other"');
  });

  it('refuses a password shorter than 8 characters', async () => {
    const browser = newBrowser();
    const page = await openSignUpPage(browser);
    const result = await browser.post(formAction(page), {
      name: 'Short',
      email: 'short@example.com',
      password: 'seven77',
    });
    expect(result.status).toBe(400);
    expect(result.text).toContain('The password must be at least 8 characters long.');
    expect(await findAccountByEmail(pool, 'short@example.com')).toBeUndefined();
  });
});

describe('languages', () => {
  it('renders the sign-in page in Thai for ui_locales=th', async () => {
    const page = await openSignInPage(newBrowser(), sso.baseUrl, { ui_locales: 'th' });
    expect(page.text).toContain('<html lang="th">');
    expect(page.text).toContain('<h1>เข้าสู่ระบบ</h1>');
    expect(page.text).toContain('รหัสผ่าน');
  });

  it('shows errors in the language of the page', async () => {
    const browser = newBrowser();
    const page = await openSignInPage(browser, sso.baseUrl, { ui_locales: 'th' });
    const result = await browser.post(formAction(page), { email: OWNER.email, password: 'wrong password' });
    expect(result.text).toContain('รหัสผ่านไม่ถูกต้อง');
  });

  it('takes the first supported of several ui_locales and falls back to English', async () => {
    const hongKong = await openSignInPage(newBrowser(), sso.baseUrl, { ui_locales: 'fr zh-HK en' });
    expect(hongKong.text).toContain('電郵地址');
    const french = await openSignInPage(newBrowser(), sso.baseUrl, { ui_locales: 'fr' });
    expect(french.text).toContain('<h1>Sign in</h1>');
  });

  it('shows a language it does not have in English rather than refusing the request', async () => {
    const german = await openSignInPage(newBrowser(), sso.baseUrl, { ui_locales: 'de-DE' });
    expect(german.status).toBe(200);
    expect(german.text).toContain('<html lang="en">');
  });

  it('renders the sign-in page and its errors in Japanese for ui_locales=ja-JP', async () => {
    const browser = newBrowser();
    const page = await openSignInPage(browser, sso.baseUrl, { ui_locales: 'ja-JP' });
    expect(page.text).toContain('<html lang="ja">');
    expect(page.text).toContain('<h1>ログイン</h1>');
    expect(page.text).toContain('パスワード');
    const result = await browser.post(formAction(page), { email: OWNER.email, password: 'wrong password' });
    expect(result.text).toContain('パスワードが正しくありません');
  });

  it('shows Korean, French or a garbled tag in English rather than refusing the request', async () => {
    for (const ui_locales of ['ko-KR', 'fr-CA fr', 'x-;;,']) {
      const page = await openSignInPage(newBrowser(), sso.baseUrl, { ui_locales });
      expect(page.status).toBe(200);
      expect(page.text).toContain('<html lang="en">');
    }
  });

  it('reads a script or region tag as one of its languages', async () => {
    const page = await openSignInPage(newBrowser(), sso.baseUrl, { ui_locales: 'zh-Hant-HK' });
    expect(page.text).toContain('<html lang="zh-HK">');
  });
});

describe('rate limit', () => {
  it('answers 429 with the too-many-attempts text once an address passes the limit', async () => {
    const limited = await startSsoApp(pool, { rateLimit: { max: 3, timeWindowMs: 60_000 } });
    // An account of its own, so the per-account count of other tests' wrong passwords stays out of it.
    const account = { email: 'per-address@example.com', password: 'per address password', name: 'Pat' };
    await createAccount(pool, account);
    try {
      const browser = new Browser('203.0.113.77');
      const page = await openSignInPage(browser, limited.baseUrl);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const result = await browser.post(formAction(page), { email: account.email, password: 'guess' });
        statuses.push(result.status);
        if (result.status === 429) {
          expect(result.text).toContain('Too many attempts. Wait a minute, then try again.');
          expect(Number(result.headers.get('retry-after'))).toBeGreaterThan(0);
        }
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
      const otherAddress = new Browser('203.0.113.78');
      const otherPage = await openSignInPage(otherAddress, limited.baseUrl);
      expect((await otherAddress.post(formAction(otherPage), account)).status).toBe(303);
    } finally {
      await limited.app.close();
    }
  });
});
