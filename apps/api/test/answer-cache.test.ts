import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerCacheHeader } from '../src/lib/answer-cache';
import { createBoundDevice, createPlace, enableWhitelist } from './helpers/devices';
import { addMember, bearer, createMerchant, createUser } from './helpers/fixtures';
import { insertSale } from './helpers/sales';
import { createTestApp, type TestContext } from './helpers/test-app';

// Two api instances on one database, each keeping the device list and the records page in memory:
// a change through one, or by hand in the database, must show in the other's next answer once the
// notification has arrived (`settled()` waits for exactly that), and in the writer's own at once.
let a: TestContext;
let b: TestContext;
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({}, undefined, { databaseUrl: a.databaseUrl });
  await Promise.all([a.app.sessionCache.ready(), b.app.sessionCache.ready()]);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

/** A merchant with two places, three bound machines, a sale on each, an owner and a whitelisted manager. */
async function fleet() {
  const merchant = await createMerchant(a.db);
  const [north, south] = [await createPlace(a.db, merchant.id, 'North'), await createPlace(a.db, merchant.id, 'South')];
  const machines = [
    await createBoundDevice(a.db, { merchantId: merchant.id, name: 'Washer 1', placeId: north.id }),
    await createBoundDevice(a.db, { merchantId: merchant.id, name: 'Dryer 2', kind: 'dryer', placeId: south.id }),
    await createBoundDevice(a.db, { merchantId: merchant.id, name: 'Washer 3', placeId: south.id }),
  ];
  for (const [i, { device, hwid }] of machines.entries()) {
    await a.pool.query(`insert into device_state (hwid, online, last_seen_at) values ($1, false, now())`, [hwid]);
    await insertSale(a.db, {
      merchantId: merchant.id,
      deviceId: device.id,
      placeId: device.placeId,
      total: 1000 * (i + 1),
      createdAt: new Date(b.clock.now().getTime() - i * 3_600_000),
    });
  }
  const signIn = async (role: 'merchant' | 'manager') => {
    const user = await createUser(a.db);
    const member = await addMember(a.db, { merchantId: merchant.id, userId: user.id, role });
    const login = await a.tokens.issueLogin(user.id);
    const picked = await a.app.inject({ url: `/api/v1/merchant/${merchant.id}/login`, headers: bearer(login.jwt) });
    return { member, jwt: picked.json().result.jwt as string };
  };
  const owner = await signIn('merchant');
  const manager = await signIn('manager');
  await enableWhitelist(a.db, {
    merchantId: merchant.id,
    memberId: manager.member.id,
    deviceIds: [machines[0]!.device.id, machines[2]!.device.id],
  });
  await Promise.all([a.app.sessionCache.settled(), b.app.sessionCache.settled()]);
  return { merchant, places: { north, south }, machines, owner, manager };
}

const get = (ctx: TestContext, jwt: string, url: string) =>
  ctx.app.inject({ url: `/api/v1${url}${url.includes('?') ? '&' : '?'}timestamp=${Date.now()}`, headers: bearer(jwt) });
const names = async (ctx: TestContext, jwt: string) =>
  (await get(ctx, jwt, '/device-cloud/list')).json().result.items.map((item: { name: string }) => item.name);

/** Calls twice: the second answer must come from memory. */
async function kept(ctx: TestContext, jwt: string, url: string) {
  await get(ctx, jwt, url);
  const again = await get(ctx, jwt, url);
  expect(again.headers[answerCacheHeader]).toBe('hit');
  return again;
}

describe('answers kept in memory, two instances on one database', () => {
  it('sends the same bytes from memory as a fresh answer, for each query and view', async () => {
    const { owner, manager, places, machines } = await fleet();
    const urls = [
      '/device-cloud/list',
      '/device-cloud/list?page=1&pageSize=2',
      `/device-cloud/list?placeId=${places.south.id}`,
      '/device-cloud/list?keyword=washer&status=offline',
      '/transaction/list?page=1&pageSize=20',
      '/transaction/list?page=1&pageSize=2&sort=total&order=asc',
      `/transaction/list?deviceId=${machines[2]!.device.id}&tz=America%2FNew_York`,
    ];
    for (const jwt of [owner.jwt, manager.jwt]) {
      for (const url of urls) {
        const hit = await kept(b, jwt, url);
        // A's memory is set aside (as when its LISTEN connection is down): a fresh answer.
        a.app.answerCache.onState(false);
        try {
          const fresh = await get(a, jwt, url);
          expect(fresh.headers[answerCacheHeader]).toBe('miss');
          expect(hit.statusCode).toBe(200);
          expect(hit.headers['content-type']).toBe(fresh.headers['content-type']);
          expect(hit.headers['content-type']).toBe('application/json; charset=utf-8');
          expect(hit.body).toBe(fresh.body);
        } finally {
          a.app.answerCache.onState(true);
        }
      }
    }
    // The whitelist changes the answer, and each view has its own entry.
    expect((await names(b, owner.jwt)).sort()).toEqual(['Dryer 2', 'Washer 1', 'Washer 3']);
    expect((await names(b, manager.jwt)).sort()).toEqual(['Washer 1', 'Washer 3']);
    const stats = b.app.answerCache.stats();
    expect(stats.deviceList!.hits).toBeGreaterThan(0);
    expect(stats.transactionList!.hits).toBeGreaterThan(0);
  });

  it('shows a rename through one instance on its own next call at once, and on the other after the notification', async () => {
    const { owner, machines } = await fleet();
    const id = machines[0]!.device.id;
    await kept(a, owner.jwt, '/device-cloud/list');
    await kept(b, owner.jwt, '/device-cloud/list');
    const rename = (name: string) =>
      a.app.inject({
        method: 'PUT',
        url: `/api/v1/device-cloud/${id}`,
        headers: bearer(owner.jwt),
        payload: { name },
      });
    // With the notification off, only the writer's own forgetting can show the change: its memory
    // of the merchant went before the write's answer left, with no wait.
    await a.pool.query('alter table devices disable trigger devices_answers_update');
    try {
      expect((await rename('Renamed washer')).statusCode).toBe(200);
      expect(await names(a, owner.jwt)).toContain('Renamed washer');
    } finally {
      await a.pool.query('alter table devices enable trigger devices_answers_update');
    }
    await kept(a, owner.jwt, '/device-cloud/list');
    expect((await rename('Washer one')).statusCode).toBe(200);
    await b.app.sessionCache.settled();
    expect(await names(b, owner.jwt)).toContain('Washer one');
    expect(await names(a, owner.jwt)).toContain('Washer one');
  });

  it('follows changes made by hand in the database: a machine state, a sale, a place renamed', async () => {
    const { owner, manager, machines, places, merchant } = await fleet();
    const status = async () =>
      (await get(b, owner.jwt, '/device-cloud/list'))
        .json()
        .result.items.find((item: { id: number }) => item.id === machines[0]!.device.id).status;
    await kept(b, owner.jwt, '/device-cloud/list');
    expect(await status()).toBe('offline');
    await a.pool.query(`update device_state set online = true, last_seen_at = now() where hwid = $1`, [
      machines[0]!.hwid,
    ]);
    await b.app.sessionCache.settled();
    expect(await status()).toBe('online');

    const records = '/transaction/list?page=1&pageSize=20';
    const total = async (jwt: string) => (await get(b, jwt, records)).json().result.totals.total;
    await kept(b, owner.jwt, records);
    await kept(b, manager.jwt, records);
    expect(await total(owner.jwt)).toBe(6000);
    expect(await total(manager.jwt)).toBe(4000);
    await insertSale(a.db, {
      merchantId: merchant.id,
      deviceId: machines[2]!.device.id,
      placeId: places.south.id,
      total: 500,
      createdAt: b.clock.now(),
    });
    await b.app.sessionCache.settled();
    expect(await total(owner.jwt)).toBe(6500);
    expect(await total(manager.jwt)).toBe(4500);

    const placeOf = async () =>
      (await get(b, owner.jwt, records))
        .json()
        .result.items.map((item: { place: { name: string } }) => item.place.name);
    await kept(b, owner.jwt, records);
    await a.pool.query(`update places set title = 'North Renamed' where id = $1`, [places.north.id]);
    await b.app.sessionCache.settled();
    expect(await placeOf()).toContain('North Renamed');
  });

  it('keeps answering from memory when the trigger is off (which is why every change must notify)', async () => {
    const { owner, machines } = await fleet();
    await kept(b, owner.jwt, '/device-cloud/list');
    await a.pool.query('alter table device_state disable trigger device_state_answers_update');
    try {
      await a.pool.query(`update device_state set online = true where hwid = $1`, [machines[1]!.hwid]);
      await b.app.sessionCache.settled();
      const stale = await get(b, owner.jwt, '/device-cloud/list');
      expect(stale.headers[answerCacheHeader]).toBe('hit');
      const dryer = stale.json().result.items.find((item: { id: number }) => item.id === machines[1]!.device.id);
      expect(dryer.status).toBe('offline');
    } finally {
      await a.pool.query('alter table device_state enable trigger device_state_answers_update');
    }
  });

  it('drops only the answers that read a change: a machine state keeps the records page, a sale the device list', async () => {
    const { owner, machines, merchant } = await fleet();
    const records = '/transaction/list?page=1&pageSize=20';
    const list = '/device-cloud/list';
    const cached = async (url: string) => (await get(b, owner.jwt, url)).headers[answerCacheHeader];
    await kept(b, owner.jwt, list);
    await kept(b, owner.jwt, records);
    await a.pool.query(`update device_state set online = true, last_seen_at = now() where hwid = $1`, [
      machines[1]!.hwid,
    ]);
    await b.app.sessionCache.settled();
    expect(await cached(records)).toBe('hit');
    expect(await cached(list)).toBe('miss');
    await kept(b, owner.jwt, list);
    await insertSale(a.db, {
      merchantId: merchant.id,
      deviceId: machines[1]!.device.id,
      total: 300,
      createdAt: b.clock.now(),
    });
    await b.app.sessionCache.settled();
    expect(await cached(list)).toBe('hit');
    expect(await cached(records)).toBe('miss');
    // A machine renamed reaches both.
    await kept(b, owner.jwt, records);
    await a.pool.query(`update devices set name = 'Dryer Two' where id = $1`, [machines[1]!.device.id]);
    await b.app.sessionCache.settled();
    expect(await cached(list)).toBe('miss');
    expect(await cached(records)).toBe('miss');
  });

  it('does not keep a read during which a notification arrived', async () => {
    const { owner, merchant } = await fleet();
    const cache = b.app.answerCache;
    const reply = {
      serialize: (value: unknown) => JSON.stringify(value),
      header() {
        return this;
      },
      type() {
        return this;
      },
    } as unknown as FastifyReply;
    const size = cache.size();
    // The read's answer was made before a sale that committed (and was heard) while it ran.
    await cache.answer(reply, 'straddle', merchant.id, 'key', async () => {
      await insertSale(a.db, { merchantId: merchant.id, total: 700, createdAt: b.clock.now() });
      await b.app.sessionCache.settled();
      return { result: 'old' };
    });
    expect(cache.size()).toBe(size);
    // The same read with nothing heard meanwhile is kept.
    await cache.answer(reply, 'straddle', merchant.id, 'key', async () => ({ result: 'current' }));
    expect(cache.size()).toBe(size + 1);
    expect(cache.stats().straddle).toEqual({ hits: 0, misses: 2, kept: 1, shared: 0 });
    expect(owner.jwt).toBeTruthy();

    // Identical reads arriving while one is under way await it, unless a change was heard since
    // it began: then they read for themselves.
    let reads = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = async () => {
      const n = (reads += 1);
      await gate;
      return { result: `read ${n}` };
    };
    const first = cache.answer(reply, 'burst', merchant.id, 'key', slow);
    const second = cache.answer(reply, 'burst', merchant.id, 'key', slow);
    cache.forget(merchant.id);
    const third = cache.answer(reply, 'burst', merchant.id, 'key', slow);
    release();
    expect(await Promise.all([first, second, third])).toEqual([
      JSON.stringify({ result: 'read 1' }),
      JSON.stringify({ result: 'read 1' }),
      JSON.stringify({ result: 'read 2' }),
    ]);
    expect(reads).toBe(2);
    expect(cache.stats().burst).toEqual({ hits: 0, misses: 2, kept: 1, shared: 1 });
  });

  it("answers today's records on a new day, and keeps nothing while it cannot hear", async () => {
    const { owner, merchant } = await fleet();
    // 10:00 in Taipei; a sale on the first day of the default range (the last seven days).
    await insertSale(a.db, {
      merchantId: merchant.id,
      total: 100,
      createdAt: new Date(b.clock.now().getTime() - 6 * 86_400_000),
    });
    await b.app.sessionCache.settled();
    const records = '/transaction/list?tz=Asia%2FTaipei';
    await kept(b, owner.jwt, records);
    expect((await get(b, owner.jwt, records)).json().result.total).toBe(4);
    // 02:00 the next day in Taipei: that day has left the default range.
    b.clock.advance(16 * 3_600_000);
    try {
      expect((await get(b, owner.jwt, records)).json().result.total).toBe(3);
    } finally {
      b.clock.advance(-16 * 3_600_000);
    }

    await kept(b, owner.jwt, records);
    await a.pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = 'sbo-session-listener'`,
    );
    await expect.poll(() => b.app.answerCache.listening(), { timeout: 30_000 }).toBe(false);
    expect(b.app.answerCache.size()).toBe(0);
    expect((await get(b, owner.jwt, records)).headers[answerCacheHeader]).toBe('miss');
    expect((await get(b, owner.jwt, records)).headers[answerCacheHeader]).toBe('miss');
    await expect.poll(() => b.app.answerCache.listening(), { timeout: 30_000 }).toBe(true);
    await a.db.execute(sql`select 1`);
  });
});
