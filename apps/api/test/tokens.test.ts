import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenLifetimes } from '@sbo/contracts';
import { addMember, bearer, createMerchant, createUser } from './helpers/fixtures';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const list = (jwt?: string) => ctx.app.inject({ url: '/api/v1/merchant/list', headers: jwt ? bearer(jwt) : {} });

async function signedInMember() {
  const user = await createUser(ctx.db);
  const merchant = await createMerchant(ctx.db);
  await addMember(ctx.db, { merchantId: merchant.id, userId: user.id, role: 'merchant' });
  const login = await ctx.tokens.issueLogin(user.id);
  return { user, merchant, login };
}

describe('login and merchant tokens', () => {
  it('answers 401 without a token', async () => {
    const response = await list();
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(401);
  });

  it('answers 401 for a malformed header or a token signed with another key', async () => {
    expect(
      (await ctx.app.inject({ url: '/api/v1/merchant/list', headers: { authorization: 'Basic abc' } })).statusCode,
    ).toBe(401);
    const { user } = await signedInMember();
    const forged = await new SignJWT({ typ: 'login' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('back-office')
      .setSubject(String(user.id))
      .setJti('00000000-0000-4000-8000-000000000000')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await list(forged)).statusCode).toBe(401);
  });

  it('answers 401 for a tampered token', async () => {
    const { login } = await signedInMember();
    const [header, payload, signature] = login.jwt.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = Buffer.from(JSON.stringify({ ...claims, sub: String(Number(claims.sub) + 1) })).toString(
      'base64url',
    );
    expect((await list(`${header}.${tampered}.${signature}`)).statusCode).toBe(401);
  });

  it('keeps a login token 7 days and not a second longer', async () => {
    const start = ctx.clock.now();
    const { login } = await signedInMember();
    ctx.clock.advance(tokenLifetimes.loginSeconds * 1000 - 1000);
    expect((await list(login.jwt)).statusCode).toBe(200);
    ctx.clock.advance(1000);
    expect((await list(login.jwt)).statusCode).toBe(401);
    ctx.clock.set(start);
  });

  it('keeps a merchant token 1 day and not a second longer', async () => {
    const start = ctx.clock.now();
    const { login, merchant, user } = await signedInMember();
    const picked = await ctx.tokens.issueMerchant(user.id, merchant.id, login.sessionId);
    const info = () => ctx.app.inject({ url: '/api/v1/merchant/info', headers: bearer(picked.jwt) });
    ctx.clock.advance(tokenLifetimes.merchantSeconds * 1000 - 1000);
    expect((await info()).statusCode).toBe(200);
    ctx.clock.advance(1000);
    const expired = await info();
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toContain('expired');
    ctx.clock.set(start);
  });

  it('answers 401 for a login token used where a merchant token is needed, and the reverse', async () => {
    const { login, merchant, user } = await signedInMember();
    expect((await ctx.app.inject({ url: '/api/v1/merchant/info', headers: bearer(login.jwt) })).statusCode).toBe(401);
    const picked = await ctx.tokens.issueMerchant(user.id, merchant.id, login.sessionId);
    expect((await list(picked.jwt)).statusCode).toBe(401);
  });

  it('revokes the login token and its merchant tokens on logout', async () => {
    const { login, merchant, user } = await signedInMember();
    const picked = await ctx.tokens.issueMerchant(user.id, merchant.id, login.sessionId);
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/v1/user/logout', headers: bearer(login.jwt) });
    expect(logout.json()).toEqual({ result: { loggedOut: true } });
    expect((await list(login.jwt)).statusCode).toBe(401);
    const info = await ctx.app.inject({ url: '/api/v1/merchant/info', headers: bearer(picked.jwt) });
    expect(info.statusCode).toBe(401);
    expect(info.json().message).toContain('revoked');
  });

  it('tells the signed-in user who they are', async () => {
    const { login, user } = await signedInMember();
    const me = await ctx.app.inject({ url: '/api/v1/user/me', headers: bearer(login.jwt) });
    expect(me.json().result).toMatchObject({ userId: user.id, email: user.email, isRoot: false });
  });
});
