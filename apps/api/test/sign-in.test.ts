import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '@sbo/sso';
import { addMember, bearer, body, createMerchant, createUser } from './helpers/fixtures';
import { freePort } from './helpers/free-port';
import { redeemKeyring, signInThroughPages } from './helpers/sign-in-client';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let base: string;
beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ctx = await createTestApp({ PUBLIC_URL: base, RATE_LIMIT_SIGN_IN_PER_MINUTE: '5' });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  await createAccount(ctx.pool, { email: 'ana@example.com', password: 'correct horse', name: 'Ana Lee' });
  const user = await createUser(ctx.db, { email: 'ana@example.com' });
  const merchant = await createMerchant(ctx.db, { companyName: 'Ana Laundry' });
  await addMember(ctx.db, { merchantId: merchant.id, userId: user.id, role: 'merchant' });
});
afterAll(() => ctx.close());

const authorize = (redirect = '/dashboard', lang = 'en') =>
  `${base}/api/v1/sso/authorize?redirect=${encodeURIComponent(redirect)}&lang=${lang}`;

describe('signing in through the embedded sign-in service', () => {
  it('ends on /user-login with a keyring that becomes a login token, then a merchant token', async () => {
    const signIn = await signInThroughPages(authorize('/device?tab=1'), {
      email: 'ana@example.com',
      password: 'correct horse',
    });
    expect(signIn.keyring).toBeTruthy();
    expect(signIn.finalUrl.searchParams.get('redirect')).toBe('/device?tab=1');

    const exchange = await fetch(
      `${base}/api/v1/sso/replacement?keyring=${signIn.keyring}&tz=Asia/Taipei&timestamp=${Date.now()}`,
      { headers: { cookie: signIn.cookie } },
    );
    expect(exchange.status).toBe(200);
    const { jwt } = (await body(exchange)).result;
    const merchants = await body(fetch(`${base}/api/v1/merchant/list`, { headers: bearer(jwt) }));
    expect(merchants.result.map((m: { companyName: string }) => m.companyName)).toEqual(['Ana Laundry']);
    const picked = await body(
      fetch(`${base}/api/v1/merchant/${merchants.result[0].id}/login`, { headers: bearer(jwt) }),
    );
    expect(picked.result.info.member.rbacRole).toBe('merchant');
    const info = await fetch(`${base}/api/v1/merchant/info`, { headers: bearer(picked.result.jwt) });
    expect((await body(info)).result.companyName).toBe('Ana Laundry');

    const reused = await redeemKeyring(base, signIn);
    expect(reused.status).toBe(478);
    expect((await body(reused)).code).toBe(10001);
  });

  it('answers an invented keyring with 10001', async () => {
    const response = await fetch(`${base}/api/v1/sso/replacement?keyring=not-a-real-code`);
    expect(response.status).toBe(478);
    expect((await body(response)).code).toBe(10001);
  });

  it('shows a clear error for a wrong password and keeps the email', async () => {
    const signIn = await signInThroughPages(authorize(), { email: 'ana@example.com', password: 'wrong password' });
    expect(signIn.keyring).toBeNull();
    expect(signIn.lastPage).toContain('ana@example.com');
    expect(signIn.lastPage.toLowerCase()).toMatch(/password/);
  });

  it('creates a user with no merchants for a new account signing in the first time', async () => {
    await createAccount(ctx.pool, { email: 'newcomer@example.com', password: 'newcomer pass', name: 'New Comer' });
    const signIn = await signInThroughPages(authorize(), { email: 'newcomer@example.com', password: 'newcomer pass' });
    const { jwt } = (await body(redeemKeyring(base, signIn))).result;
    const me = await body(fetch(`${base}/api/v1/user/me`, { headers: bearer(jwt) }));
    expect(me.result).toMatchObject({ email: 'newcomer@example.com', nickName: 'New Comer' });
    expect((await body(fetch(`${base}/api/v1/merchant/list`, { headers: bearer(jwt) }))).result).toEqual([]);
  });

  /** The sign-in page a browser ends on after `/sso/authorize` with this `lang`. */
  async function signInPageFor(lang: string): Promise<{ statuses: number[]; html: string }> {
    const first = await fetch(authorize('/', lang), { redirect: 'manual' });
    const page = await fetch(new URL(first.headers.get('location')!), { redirect: 'manual' });
    const interaction = page.headers.get('location');
    const cookies = page.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const last = await fetch(new URL(interaction!, base), { headers: { cookie: cookies } });
    return { statuses: [first.status, page.status, last.status], html: await last.text() };
  }

  it('shows the sign-in page in the language the back-office passes', async () => {
    expect((await signInPageFor('th')).html).toMatch(/lang="th"/);
  });

  it('shows the sign-in page in Japanese, the eighth language', async () => {
    const { html } = await signInPageFor('ja-JP');
    expect(html).toMatch(/lang="ja"/);
    expect(html).toContain('ログイン');
  });

  it('shows a language it does not have in English instead of answering 400', async () => {
    for (const lang of ['fr', 'ko-KR', 'x-klingon', encodeURIComponent('de;q=abc,,'), 'a'.repeat(200)]) {
      const { statuses, html } = await signInPageFor(lang);
      expect(statuses).toEqual([302, 303, 200]);
      expect(html).toMatch(/lang="en"/);
      expect(html).toContain('Sign in');
    }
  });

  it('does not send the browser back to another site', async () => {
    const signIn = await signInThroughPages(authorize('//evil.example'), {
      email: 'ana@example.com',
      password: 'correct horse',
    });
    expect(signIn.keyring).toBeTruthy();
    expect(signIn.finalUrl.searchParams.get('redirect')).toBe('/');
  });

  it('rate limits the token exchange', async () => {
    const statuses = [];
    for (let i = 0; i < 8; i += 1)
      statuses.push((await fetch(`${base}/api/v1/sso/replacement?keyring=flood${i}`)).status);
    expect(statuses).toContain(429);
  });
});
