import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberDeviceWhitelist, merchantMembers, merchants, users } from '../src/db/schema';
import { createCloudDevice } from './helpers/devices';
import { addMember, bearer, createMerchant, createUser, goodMerchantInfo } from './helpers/fixtures';
import { insertSale } from './helpers/sales';
import { createTestApp, type TestContext } from './helpers/test-app';

// Two api instances on one database, each answering session checks from memory: a change made
// through one (or by hand in the database) must refuse the token on its next call through the other.
let a: TestContext;
let b: TestContext;
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({}, undefined, { databaseUrl: a.databaseUrl });
  await Promise.all([a.app.sessionCache.ready(), b.app.sessionCache.ready()]);
  // `settled()` waits for an answer from each listening instance, counted by this name.
  const listeners = await a.pool.query(
    `select 1 from pg_stat_activity where datname = current_database() and application_name = 'sbo-session-listener'`,
  );
  expect(listeners.rows).toHaveLength(2);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

/** An owner and a manager of one merchant, each signed in through instance A (login and merchant token). */
async function team() {
  const merchant = await createMerchant(a.db);
  const signIn = async (role: 'merchant' | 'manager') => {
    const user = await createUser(a.db);
    const member = await addMember(a.db, { merchantId: merchant.id, userId: user.id, role });
    const login = await a.tokens.issueLogin(user.id);
    const picked = await a.app.inject({ url: `/api/v1/merchant/${merchant.id}/login`, headers: bearer(login.jwt) });
    return { user, member, login: login.jwt, jwt: picked.json().result.jwt as string };
  };
  return { merchant, owner: await signIn('merchant'), manager: await signIn('manager') };
}

const info = (ctx: TestContext, jwt: string) => ctx.app.inject({ url: '/api/v1/merchant/info', headers: bearer(jwt) });

/** Calls B until its check is remembered, so the next refusal proves the memory was dropped. */
async function remembered(jwt: string) {
  for (let i = 0; i < 2; i += 1) expect((await info(b, jwt)).statusCode).toBe(200);
  expect(b.app.sessionCache.size()).toBeGreaterThan(0);
}

describe('session checks answered from memory, two instances on one database', () => {
  it('answers a remembered check without reading the session again', async () => {
    const { manager } = await team();
    await remembered(manager.jwt);
    // With the notifying trigger off, a change goes unheard: the remembered answer stays in use,
    // which is how it saves the query (and why every such change must notify).
    await a.pool.query('alter table users disable trigger users_notify_update');
    try {
      await a.db.update(users).set({ disabled: true }).where(eq(users.id, manager.user.id));
      expect((await info(b, manager.jwt)).statusCode).toBe(200);
    } finally {
      await a.pool.query('alter table users enable trigger users_notify_update');
    }
    await a.db.update(users).set({ disabled: false }).where(eq(users.id, manager.user.id));
  });

  it('refuses a token revoked through the other instance on its very next call', async () => {
    const { manager } = await team();
    await remembered(manager.jwt);
    const logout = await a.app.inject({ method: 'POST', url: '/api/v1/user/logout', headers: bearer(manager.login) });
    expect(logout.statusCode).toBe(200);
    // The merchant token was opened from the login session: both are revoked.
    const next = await info(b, manager.jwt);
    expect(next.statusCode).toBe(401);
    expect(next.json().message).toContain('revoked');
    expect((await b.app.inject({ url: '/api/v1/user/me', headers: bearer(manager.login) })).statusCode).toBe(401);
  });

  it('applies a suspension, a role change and a removal made through the other instance on the next call', async () => {
    const { owner, manager } = await team();
    const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      a.app.inject({ method, url: `/api/v1${url}`, headers: bearer(owner.jwt), ...(payload ? { payload } : {}) });

    await remembered(manager.jwt);
    expect((await call('POST', `/member/${manager.member.id}/suspend`)).statusCode).toBe(200);
    expect((await info(b, manager.jwt)).json().code).toBe(1104015);
    expect((await call('POST', `/member/${manager.member.id}/reinstate`)).statusCode).toBe(200);
    expect((await info(b, manager.jwt)).statusCode).toBe(200);

    // A shareholder may not read the members (member.read is not among its default groups).
    const members = () => b.app.inject({ url: '/api/v1/member/list', headers: bearer(manager.jwt) });
    expect((await members()).statusCode).toBe(200);
    expect((await call('PUT', `/member/${manager.member.id}`, { role: 'shareholder' })).statusCode).toBe(200);
    expect((await members()).json().code).toBe(1104016);

    await remembered(manager.jwt);
    expect((await call('DELETE', `/member/${manager.member.id}`)).statusCode).toBe(200);
    expect((await info(b, manager.jwt)).json().code).toBe(1104001);
  });

  it('hears changes made by hand in the database', async () => {
    const { manager } = await team();
    await remembered(manager.jwt);
    await a.db.update(users).set({ disabled: true }).where(eq(users.id, manager.user.id));
    await b.app.sessionCache.settled();
    expect((await info(b, manager.jwt)).statusCode).toBe(401);
    await a.db.update(users).set({ disabled: false }).where(eq(users.id, manager.user.id));
    await b.app.sessionCache.settled();
    expect((await info(b, manager.jwt)).statusCode).toBe(200);

    await a.db.update(merchantMembers).set({ suspended: true }).where(eq(merchantMembers.id, manager.member.id));
    await b.app.sessionCache.settled();
    expect((await info(b, manager.jwt)).json().code).toBe(1104015);
  });

  it('applies a device whitelist set through the other instance, or by hand, to the next device list and records page', async () => {
    const { merchant, owner, manager } = await team();
    const [kept, hidden] = [
      await createCloudDevice(a.db, { merchantId: merchant.id, name: 'Kept' }),
      await createCloudDevice(a.db, { merchantId: merchant.id, name: 'Hidden' }),
    ];
    for (const device of [kept, hidden]) {
      await insertSale(a.db, { merchantId: merchant.id, deviceId: device.id, total: 1000, createdAt: b.clock.now() });
    }
    const seen = async () => {
      const [list, records] = await Promise.all([
        b.app.inject({ url: '/api/v1/device-cloud/list', headers: bearer(manager.jwt) }),
        b.app.inject({ url: '/api/v1/transaction/list', headers: bearer(manager.jwt) }),
      ]);
      return {
        devices: list
          .json()
          .result.items.map((item: { name: string }) => item.name)
          .sort(),
        sales: records.json().result.total,
        revenue: records.json().result.totals.total,
      };
    };
    expect(await seen()).toEqual({ devices: ['Hidden', 'Kept'], sales: 2, revenue: 2000 });

    const whitelist = (enabled: boolean) =>
      a.app.inject({
        method: 'PUT',
        url: `/api/v1/member/${manager.member.id}`,
        headers: bearer(owner.jwt),
        payload: { deviceWhitelist: { enabled, deviceIds: [kept.id] } },
      });
    expect((await whitelist(true)).statusCode).toBe(200);
    expect(await seen()).toEqual({ devices: ['Kept'], sales: 1, revenue: 1000 });

    // By hand: a machine added to the whitelist, then the whitelist switched off.
    await a.db
      .insert(memberDeviceWhitelist)
      .values({ merchantId: merchant.id, memberId: manager.member.id, deviceId: hidden.id });
    await b.app.sessionCache.settled();
    expect(await seen()).toEqual({ devices: ['Hidden', 'Kept'], sales: 2, revenue: 2000 });
    await a.db.delete(memberDeviceWhitelist).where(eq(memberDeviceWhitelist.deviceId, hidden.id));
    await b.app.sessionCache.settled();
    expect(await seen()).toEqual({ devices: ['Kept'], sales: 1, revenue: 1000 });
    await a.db
      .update(merchantMembers)
      .set({ deviceWhitelistEnabled: false })
      .where(eq(merchantMembers.id, manager.member.id));
    await b.app.sessionCache.settled();
    expect(await seen()).toEqual({ devices: ['Hidden', 'Kept'], sales: 2, revenue: 2000 });
  });

  it("answers the merchant's record as changed through the other instance, or by hand, from the next call", async () => {
    const { merchant, owner } = await team();
    await remembered(owner.jwt);
    const updated = await a.app.inject({
      method: 'PUT',
      url: '/api/v1/merchant/info',
      headers: bearer(owner.jwt),
      payload: { ...goodMerchantInfo, companyName: 'Renamed Wash Ltd.' },
    });
    expect(updated.statusCode).toBe(200);
    expect((await info(b, owner.jwt)).json().result).toMatchObject({
      ...goodMerchantInfo,
      companyName: 'Renamed Wash Ltd.',
    });

    await a.db
      .update(merchants)
      .set({ timezone: 'Asia/Bangkok', currency: 'THB' })
      .where(eq(merchants.id, merchant.id));
    await b.app.sessionCache.settled();
    expect((await info(b, owner.jwt)).json().result).toMatchObject({ timezone: 'Asia/Bangkok', currency: 'THB' });
    const records = await b.app.inject({ url: '/api/v1/transaction/list', headers: bearer(owner.jwt) });
    expect(records.json().result.currency).toBe('THB');
  });
  it('judges expiry at each call, and remembers nothing while it cannot hear', async () => {
    const { manager } = await team();
    await remembered(manager.jwt);
    b.clock.advance(25 * 3600 * 1000);
    try {
      expect((await info(b, manager.jwt)).json().message).toMatch(/expired/);
    } finally {
      b.clock.advance(-25 * 3600 * 1000);
    }

    // Both instances' LISTEN connections dropped: changes meanwhile go unheard, so nothing
    // remembered is used and every check reads the database until the connection is back.
    await remembered(manager.jwt);
    await a.pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = 'sbo-session-listener'`,
    );
    await expect.poll(() => b.app.sessionCache.size(), { timeout: 30_000 }).toBe(0);
    await a.db.execute(sql`update merchant_members set suspended = true where id = ${manager.member.id}`);
    expect((await info(b, manager.jwt)).json().code).toBe(1104015);
    await b.app.sessionCache.ready();
  });
});
