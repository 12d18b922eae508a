import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../src/db/schema';
import { bearer, memberOf } from './helpers/fixtures';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const allWeek = (periods: Array<{ open: string; close: string }>) =>
  Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, periods]));

const laundry = {
  title: 'Sunny Laundry Xinyi',
  address: 'No. 5, Songren Road, Taipei',
  type: 3,
  servicePhone: '+886 2 2720 0000',
  description: 'Twelve washers and eight dryers.',
  businessHours: { enabled: true, timezone: 'Asia/Taipei', hours: allWeek([{ open: '07:00', close: '23:00' }]) },
};

async function owner() {
  const member = await memberOf(ctx, 'merchant');
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(member.jwt), payload });
  return { ...member, call };
}

describe('places', () => {
  it('creates, reads, lists, edits and deletes a place', async () => {
    const { call } = await owner();
    const created = await call('POST', '/place', laundry);
    expect(created.statusCode).toBe(200);
    const place = created.json().result;
    expect(place).toMatchObject({ ...laundry, deviceCount: 0 });
    expect((await call('GET', `/place/${place.id}`)).json().result.title).toBe('Sunny Laundry Xinyi');

    const edited = await call('PUT', `/place/${place.id}`, {
      ...laundry,
      title: 'Sunny Laundry Da-an',
      businessHours: { enabled: false, timezone: 'Asia/Taipei', hours: allWeek([]) },
    });
    expect(edited.json().result).toMatchObject({ title: 'Sunny Laundry Da-an', businessHours: { enabled: false } });

    const list = (await call('GET', '/place/list?page=1&pageSize=10')).json().result;
    expect(list).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(list.items[0].title).toBe('Sunny Laundry Da-an');

    expect((await call('DELETE', `/place/${place.id}`)).json()).toEqual({ result: { deleted: true } });
    expect((await call('GET', `/place/${place.id}`)).json().code).toBe(1105001);
  });

  it('filters the list by keyword and type, and pages it', async () => {
    const { call } = await owner();
    for (let i = 0; i < 5; i += 1) await call('POST', '/place', { ...laundry, title: `Laundry ${i}` });
    await call('POST', '/place', { ...laundry, title: 'Harbour Car Wash', type: 2 });
    expect((await call('GET', '/place/list?keyword=harbour')).json().result.total).toBe(1);
    expect((await call('GET', '/place/list?type=3')).json().result.total).toBe(5);
    const second = (await call('GET', '/place/list?type=3&page=2&pageSize=2')).json().result;
    expect(second.items.map((p: { title: string }) => p.title)).toEqual(['Laundry 2', 'Laundry 1']);
    expect((await call('GET', '/place/list?keyword=%25')).json().result.total).toBe(0);
  });

  it('rejects bad input field by field and keeps nothing', async () => {
    const { call } = await owner();
    const bad = await call('POST', '/place', {
      ...laundry,
      title: '',
      type: 7,
      businessHours: { ...laundry.businessHours, hours: allWeek([{ open: '23:00', close: '07:00' }]) },
    });
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['body.title', 'body.type', 'body.businessHours.hours.mon.0.close']));
    const zone = await call('POST', '/place', {
      ...laundry,
      businessHours: { ...laundry.businessHours, timezone: 'Mars/Base' },
    });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().details).toEqual([{ path: 'body.businessHours.timezone', message: 'unknown time zone' }]);
    expect((await call('GET', '/place/list')).json().result.total).toBe(0);
  });

  it('refuses to delete a place while devices remain (1105002)', async () => {
    const { call, merchant } = await owner();
    const place = (await call('POST', '/place', laundry)).json().result;
    await ctx.db.insert(devices).values({
      merchantId: merchant.id,
      placeId: place.id,
      name: 'Washer 1',
      serialNum: 'AB3-0001',
      machineType: 1,
      model: 'AB3',
    });
    expect((await call('GET', `/place/${place.id}`)).json().result.deviceCount).toBe(1);
    const response = await call('DELETE', `/place/${place.id}`);
    expect(response.statusCode).toBe(478);
    expect(response.json().code).toBe(1105002);
  });

  it("never shows or changes another merchant's place", async () => {
    const mine = await owner();
    const theirs = await owner();
    const place = (await theirs.call('POST', '/place', laundry)).json().result;
    expect((await mine.call('GET', `/place/${place.id}`)).json().code).toBe(1105001);
    expect((await mine.call('PUT', `/place/${place.id}`, laundry)).json().code).toBe(1105001);
    expect((await mine.call('DELETE', `/place/${place.id}`)).json().code).toBe(1105001);
    expect((await mine.call('GET', '/place/list')).json().result.total).toBe(0);
    expect((await theirs.call('GET', `/place/${place.id}`)).json().result.title).toBe(laundry.title);
  });

  it('lets a shareholder read places but not change them', async () => {
    const member = await memberOf(ctx, 'shareholder');
    expect((await ctx.app.inject({ url: '/api/v1/place/list', headers: bearer(member.jwt) })).statusCode).toBe(200);
    const denied = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/place',
      headers: bearer(member.jwt),
      payload: laundry,
    });
    expect(denied.json().code).toBe(1104016);
  });
});
