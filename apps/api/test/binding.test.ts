import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, memberOf } from './helpers/fixtures';
import { createCloudDevice, createPlace, registerHardware, uniqueHwid } from './helpers/devices';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function member(role: 'merchant' | 'manager' | 'shareholder' | 'root' = 'merchant') {
  const m = await memberOf(ctx, role);
  const login = (await ctx.tokens.issueLogin(m.user.id)).jwt;
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(m.jwt), payload });
  const asUser = (url: string) => ctx.app.inject({ url: `/api/v1${url}`, headers: bearer(login) });
  return { ...m, call, asUser };
}

describe('GET /device/hardware/:hwid', () => {
  it('shows unbound hardware, then the cloud device once bound', async () => {
    const owner = await member();
    const { hwid } = await registerHardware(ctx.db, { model: 'AB3', merchantId: owner.merchant.id });
    expect((await owner.asUser(`/device/hardware/${hwid}`)).json().result).toEqual({
      hwid,
      model: 'AB3',
      deviceCloud: null,
    });
    const device = await createCloudDevice(ctx.db, { merchantId: owner.merchant.id, name: 'Washer 9' });
    expect((await owner.call('POST', `/device-cloud/${device.id}/binding`, { hwid })).statusCode).toBe(200);
    const bound = (await owner.asUser(`/device/hardware/${hwid}`)).json().result;
    expect(bound.deviceCloud).toMatchObject({
      id: device.id,
      type: 'AB3',
      name: 'Washer 9',
      machine: { type: 1, name: { en: 'Washer', 'zh-TW': '洗衣機', ja: '洗濯機' } },
    });
    expect(Object.keys(bound.deviceCloud.machine.name)).toEqual([
      'zh-TW',
      'en',
      'zh-HK',
      'th',
      'vi',
      'ms',
      'zh-CN',
      'ja',
    ]);
    // Someone of another merchant does not even learn that it exists.
    const stranger = await member();
    expect((await stranger.asUser(`/device/hardware/${hwid}`)).json().code).toBe(1102004);
  });

  it('answers 1102004 for unknown hardware, 1102010 for a malformed id, and 401 without a login token', async () => {
    const owner = await member();
    expect((await owner.asUser('/device/hardware/NOPE-404')).json().code).toBe(1102004);
    expect((await owner.asUser('/device/hardware/bad%20id')).json().code).toBe(1102010);
    expect(
      (await ctx.app.inject({ url: '/api/v1/device/hardware/NOPE-404', headers: bearer(owner.jwt) })).statusCode,
    ).toBe(401);
  });
});

describe('GET /device-cloud/bindable-list', () => {
  it("lists the merchant's unbound devices of the hardware's model, and 1102009 once the hardware is bound", async () => {
    const owner = await member();
    const merchantId = owner.merchant.id;
    const { hwid } = await registerHardware(ctx.db, { model: 'AB3', merchantId });
    const free = await createCloudDevice(ctx.db, { merchantId, name: 'Free AB3' });
    await createCloudDevice(ctx.db, { merchantId, name: 'Vending', kind: 'vending', model: 'VM1' });
    const taken = await createCloudDevice(ctx.db, { merchantId, name: 'Taken AB3' });
    await registerHardware(ctx.db, { model: 'AB3', deviceId: taken.id });
    await createCloudDevice(ctx.db, { merchantId: (await member()).merchant.id, name: 'Theirs' });
    const list = (await owner.call('GET', `/device-cloud/bindable-list?hwid=${hwid}`)).json().result;
    expect(list).toEqual([
      {
        id: free.id,
        type: 'AB3',
        serialNum: free.serialNum,
        name: 'Free AB3',
        machine: expect.objectContaining({ type: 1 }),
      },
    ]);
    await owner.call('POST', `/device-cloud/${free.id}/binding`, { hwid });
    expect((await owner.call('GET', `/device-cloud/bindable-list?hwid=${hwid}`)).json().code).toBe(1102009);
    expect((await owner.call('GET', '/device-cloud/bindable-list?hwid=NOPE-404')).json().code).toBe(1102004);
  });
});

describe('POST /device-cloud/:deviceCloudID/binding', () => {
  it('binds once: the hardware and the device each refuse a second binding (1102009)', async () => {
    const owner = await member('manager');
    const merchantId = owner.merchant.id;
    const [first, second] = [
      await registerHardware(ctx.db, { merchantId }),
      await registerHardware(ctx.db, { merchantId }),
    ];
    const [a, b] = [await createCloudDevice(ctx.db, { merchantId }), await createCloudDevice(ctx.db, { merchantId })];
    const bound = await owner.call('POST', `/device-cloud/${a.id}/binding`, { hwid: first.hwid });
    expect(bound.json().result).toMatchObject({ deviceCloudID: a.id, hwid: first.hwid });
    expect((await owner.call('POST', `/device-cloud/${b.id}/binding`, { hwid: first.hwid })).json().code).toBe(1102009);
    expect((await owner.call('POST', `/device-cloud/${a.id}/binding`, { hwid: second.hwid })).json().code).toBe(
      1102009,
    );
    const logs = await ctx.db.query.deviceLogs.findMany({ where: (l, { eq }) => eq(l.deviceId, a.id) });
    expect(logs.map((l) => l.contentKey)).toEqual(['deviceLog.admin.bound']);
  });

  it("refuses another merchant's device (1102004), a model mismatch (1102011) and unknown hardware (1102004)", async () => {
    const owner = await member();
    const { hwid } = await registerHardware(ctx.db, { model: 'AB3', merchantId: owner.merchant.id });
    const theirs = await createCloudDevice(ctx.db, { merchantId: (await member()).merchant.id });
    const vending = await createCloudDevice(ctx.db, { merchantId: owner.merchant.id, kind: 'vending', model: 'VM1' });
    expect((await owner.call('POST', `/device-cloud/${theirs.id}/binding`, { hwid })).json().code).toBe(1102004);
    expect((await owner.call('POST', `/device-cloud/${vending.id}/binding`, { hwid })).json().code).toBe(1102011);
    expect((await owner.call('POST', `/device-cloud/${vending.id}/binding`, { hwid: 'NOPE-404' })).json().code).toBe(
      1102004,
    );
  });

  it('is for managers: a shareholder is refused (1104016)', async () => {
    const shareholder = await member('shareholder');
    expect((await shareholder.call('POST', '/device-cloud/1/binding', { hwid: 'X-1' })).json().code).toBe(1104016);
  });
});

describe('service agents (admin/*, role root)', () => {
  it('registers hardware once, returning its secret, and lists and re-keys it', async () => {
    const root = await member('root');
    const hwid = uniqueHwid('REG');
    const created = (await root.call('POST', '/admin/hardware', { hwid, model: 'VM1' })).json().result;
    expect(created).toMatchObject({ hwid, model: 'VM1', merchantId: root.merchant.id });
    expect(created.secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(created.claimCode).toMatch(/^[A-Z2-9]{12}$/);
    expect((await root.call('POST', '/admin/hardware', { hwid, model: 'VM1' })).json().code).toBe(1102012);
    expect((await root.call('POST', '/admin/hardware', { hwid: 'has space', model: 'VM1' })).statusCode).toBe(400);
    const list = (await root.call('GET', `/admin/hardware?keyword=${hwid}&bound=false`)).json().result;
    expect(list.items).toEqual([expect.objectContaining({ hwid, model: 'VM1', deviceCloud: null, online: false })]);
    const rotated = (await root.call('POST', `/admin/hardware/${hwid}/secret`)).json().result;
    expect(rotated.secret).not.toBe(created.secret);
    expect((await root.call('POST', '/admin/hardware/NOPE-404/secret')).json().code).toBe(1102004);
  });

  it("creates cloud devices for the token's merchant, checking name, place and model", async () => {
    const root = await member('root');
    const shop = await createPlace(ctx.db, root.merchant.id);
    const foreign = await createPlace(ctx.db, (await member()).merchant.id);
    const input = { name: 'Dryer 4', serialNum: 'SN-D4', machineType: 2, model: 'AB2', placeId: shop.id };
    const created = (await root.call('POST', '/admin/device-cloud', input)).json().result;
    expect(created).toMatchObject({ name: 'Dryer 4', kind: 'dryer', model: 'AB2', place: { id: shop.id }, hwid: null });
    expect((await root.call('POST', '/admin/device-cloud', { ...input, name: ' ' })).json().code).toBe(1102008);
    expect((await root.call('POST', '/admin/device-cloud', { ...input, placeId: foreign.id })).json().code).toBe(
      1102007,
    );
    expect((await root.call('POST', '/admin/device-cloud', { ...input, model: 'VM1' })).json().code).toBe(1102011);
    const unknownType = await root.call('POST', '/admin/device-cloud', { ...input, machineType: 99 });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().details).toEqual([{ path: 'body.machineType', message: 'unknown machine type' }]);
  });

  it('is closed to everyone but root, the merchant owner included (1104016)', async () => {
    const owner = await member();
    expect((await owner.call('POST', '/admin/hardware', { hwid: uniqueHwid(), model: 'AB3' })).json().code).toBe(
      1104016,
    );
    expect((await owner.call('GET', '/admin/hardware')).json().code).toBe(1104016);
  });
});
