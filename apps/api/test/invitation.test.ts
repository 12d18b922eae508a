import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, merchantMembers, users } from '../src/db/schema';
import { addMember, bearer, createUser, memberOf, merchantToken } from './helpers/fixtures';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const day = 24 * 60 * 60 * 1000;

async function invite(role = 'storeManager', as: 'merchant' | 'manager' = 'merchant') {
  const inviter = await memberOf(ctx, as);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/member/invite',
    headers: bearer(inviter.jwt),
    payload: { role },
  });
  return { inviter, response, code: response.json().result?.code as string };
}

async function loginOf(userId?: number) {
  const id = userId ?? (await createUser(ctx.db)).id;
  return { userId: id, jwt: (await ctx.tokens.issueLogin(id)).jwt };
}

const preview = (jwt: string, code: string) =>
  ctx.app.inject({ url: `/api/v1/invitation/${code}`, headers: bearer(jwt) });
const accept = (jwt: string, code: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/invitation/${code}/accept`, headers: bearer(jwt) });

describe('POST /member/invite', () => {
  it('creates a code valid one day for the role', async () => {
    const { response } = await invite('shareholder');
    const result = response.json().result;
    expect(result.role).toBe('shareholder');
    expect(result.code).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(new Date(result.expiresAt).getTime() - ctx.clock.now().getTime()).toBe(day);
  });

  it('lets a manager invite store managers but not managers', async () => {
    expect((await invite('storeManager', 'manager')).response.statusCode).toBe(200);
    expect((await invite('manager', 'manager')).response.json().code).toBe(1104016);
  });

  it('cannot invite as owner or root (400) and is refused to a store manager', async () => {
    expect((await invite('merchant')).response.statusCode).toBe(400);
    expect((await invite('root')).response.statusCode).toBe(400);
    const store = await memberOf(ctx, 'storeManager');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/member/invite',
      headers: bearer(store.jwt),
      payload: { role: 'storeManager' },
    });
    expect(response.json().code).toBe(1104016);
  });
});

describe('GET /invitation/:code', () => {
  it('shows the merchant, its time zone, role and inviter to a signed-in user', async () => {
    const { code, inviter } = await invite('manager');
    const { jwt } = await loginOf();
    expect((await preview(jwt, code)).json().result).toMatchObject({
      merchantName: inviter.merchant.companyName,
      role: 'manager',
      inviterName: inviter.user.nickName,
      timeZone: inviter.merchant.timezone,
    });
  });

  it('needs the login token, not a merchant token', async () => {
    const { code, inviter } = await invite();
    expect((await preview(inviter.jwt, code)).statusCode).toBe(401);
  });
});

describe('POST /invitation/:code/accept', () => {
  it('adds the user with the invited role and default groups, once (then 1104004)', async () => {
    const { code, inviter } = await invite('storeManager');
    const guest = await loginOf();
    const response = await accept(guest.jwt, code);
    expect(response.json().result).toEqual({ merchantId: inviter.merchant.id, role: 'storeManager' });
    const [member] = await ctx.db.select().from(merchantMembers).where(eq(merchantMembers.userId, guest.userId));
    expect(member).toMatchObject({ role: 'storeManager', permissionGroups: ['remoteControl', 'notification'] });
    await merchantToken(ctx, guest.userId, inviter.merchant.id);
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'invitation.accept'));
    expect(audit).toMatchObject({ actorUserId: guest.userId, merchantId: inviter.merchant.id });

    const second = await loginOf();
    expect((await accept(second.jwt, code)).json().code).toBe(1104004);
    expect((await preview(second.jwt, code)).json().code).toBe(1104004);
  });

  it('answers 1104004 for an unknown code and for one past its day', async () => {
    const guest = await loginOf();
    expect((await accept(guest.jwt, 'no-such-code')).json().code).toBe(1104004);
    const { code } = await invite();
    ctx.clock.advance(day + 1000);
    try {
      const fresh = await loginOf();
      expect((await preview(fresh.jwt, code)).json().code).toBe(1104004);
      expect((await accept(fresh.jwt, code)).json().code).toBe(1104004);
    } finally {
      ctx.clock.advance(-(day + 1000));
    }
  });

  it('answers 1104005 when the inviter has left the merchant or no longer exists', async () => {
    const left = await invite();
    await ctx.db.delete(merchantMembers).where(eq(merchantMembers.userId, left.inviter.user.id));
    const guest = await loginOf();
    expect((await accept(guest.jwt, left.code)).json().code).toBe(1104005);
    const gone = await invite();
    await ctx.db.delete(users).where(eq(users.id, gone.inviter.user.id));
    expect((await preview(guest.jwt, gone.code)).json().code).toBe(1104005);
  });

  it('answers 1104006 to someone already a member, and leaves the code usable', async () => {
    const { code, inviter } = await invite();
    const existing = await createUser(ctx.db);
    await addMember(ctx.db, { merchantId: inviter.merchant.id, userId: existing.id, role: 'shareholder' });
    expect((await accept((await loginOf(existing.id)).jwt, code)).json().code).toBe(1104006);
    expect((await accept((await loginOf()).jwt, code)).statusCode).toBe(200);
  });

  it('lets exactly one of several simultaneous accepts of one code succeed', async () => {
    const { code, inviter } = await invite();
    const guests = await Promise.all([1, 2, 3, 4, 5].map(() => loginOf()));
    const answers = await Promise.all(guests.map((guest) => accept(guest.jwt, code)));
    const winners = answers.filter((a) => a.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => a.json().code === 1104004)).toHaveLength(4);
    const members = await ctx.db
      .select()
      .from(merchantMembers)
      .where(eq(merchantMembers.merchantId, inviter.merchant.id));
    expect(members).toHaveLength(2);
  });
});
