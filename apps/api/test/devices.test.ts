import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machineTypeByKind, type StateReport } from '@sbo/contracts/mqtt';
import { eq } from 'drizzle-orm';
import { transactionStatuses } from '@sbo/contracts';
import { deviceState, productTemplates, transactions } from '../src/db/schema';
import { bearer, memberOf } from './helpers/fixtures';
import { createBoundDevice, createCloudDevice, createPlace, enableWhitelist } from './helpers/devices';
import { insertSale } from './helpers/sales';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function member(role: 'merchant' | 'storeManager' | 'shareholder' | 'manager' = 'merchant') {
  const m = await memberOf(ctx, role);
  const call = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(m.jwt), payload });
  return { ...m, call };
}

const report = (patch: Partial<StateReport> = {}): StateReport => ({
  v: 1,
  bootId: 'boot1',
  seq: 1,
  sentAt: Date.now(),
  kind: 'washer',
  model: 'AB3',
  machineType: machineTypeByKind.washer,
  firmware: '3.2.0',
  status: 'operating',
  stage: 'rinsing1',
  dryTemp: 0,
  doorLocked: true,
  doorOpen: false,
  currentCourse: 'standard',
  currentCoin: 0,
  extraCoin: 0,
  remainingSeconds: 900,
  coinCount: 42,
  cumulativeAmount: 150000,
  cashBoxAmount: 42000,
  errorCode: null,
  testTime: 0,
  billAcceptor: [{ denomination: 10000, count: 2, amount: 20000, usage: 50, ratio: 1 }],
  ...patch,
});

/** What the gateway would have stored for a connected device. */
async function online(hwid: string, patch: Partial<StateReport> = {}, isOnline = true) {
  const r = report(patch);
  await ctx.db.insert(deviceState).values({
    hwid,
    online: isOnline,
    bootId: r.bootId,
    seq: r.seq,
    kind: r.kind,
    model: r.model,
    firmware: r.firmware,
    report: r,
    reportedAt: new Date(r.sentAt),
    lastSeenAt: new Date(),
  });
}

describe('GET /device-cloud/list', () => {
  it('lists devices with live status, filtered by place, type, status and keyword, and paged', async () => {
    const owner = await member();
    const merchantId = owner.merchant.id;
    const shop = await createPlace(ctx.db, merchantId, 'Xinyi');
    const washer = await createBoundDevice(ctx.db, { merchantId, name: 'Washer 1', placeId: shop.id });
    await online(washer.hwid);
    const dryer = await createBoundDevice(ctx.db, { merchantId, name: 'Dryer 1', kind: 'dryer' });
    await online(dryer.hwid, { kind: 'dryer', machineType: 2, status: 'idle' }, false);
    await createCloudDevice(ctx.db, { merchantId, name: 'Vending', kind: 'vending', model: 'VM1' });

    const all = (await owner.call('GET', '/device-cloud/list')).json().result;
    expect(all.total).toBe(3);
    expect(all.items[0]).toMatchObject({
      name: 'Washer 1',
      kind: 'washer',
      place: { id: shop.id, title: 'Xinyi' },
      hwid: washer.hwid,
      status: 'operating',
      online: true,
      stage: 'rinsing1',
      remainingSeconds: 900,
    });
    expect(all.items[1]).toMatchObject({ name: 'Dryer 1', status: 'offline', online: false });
    expect(all.items[2]).toMatchObject({ name: 'Vending', status: 'offline', hwid: null });

    const names = async (query: string) =>
      (await owner.call('GET', `/device-cloud/list?${query}`)).json().result.items.map((d: { name: string }) => d.name);
    expect(await names(`placeId=${shop.id}`)).toEqual(['Washer 1']);
    expect(await names('machineType=2')).toEqual(['Dryer 1']);
    expect(await names('machineType=-1')).toHaveLength(3);
    expect(await names('status=operating')).toEqual(['Washer 1']);
    expect(await names('status=online')).toEqual(['Washer 1']);
    expect(await names('status=offline')).toEqual(['Dryer 1', 'Vending']);
    expect(await names(`keyword=${dryer.hwid}`)).toEqual(['Dryer 1']);
    expect(await names('keyword=vend')).toEqual(['Vending']);
    expect((await owner.call('GET', '/device-cloud/list?page=2&pageSize=2')).json().result.items).toHaveLength(1);
    expect((await owner.call('GET', '/device-cloud/list?status=sleeping')).statusCode).toBe(400);
  });

  it("never shows another merchant's devices, and narrows to the whitelist when it is enabled", async () => {
    const owner = await member();
    const other = await member();
    await createCloudDevice(ctx.db, { merchantId: other.merchant.id, name: 'Not yours' });
    const store = await member('storeManager');
    const listed = await createCloudDevice(ctx.db, { merchantId: store.merchant.id, name: 'Listed' });
    await createCloudDevice(ctx.db, { merchantId: store.merchant.id, name: 'Hidden' });
    expect((await owner.call('GET', '/device-cloud/list')).json().result.total).toBe(0);
    expect((await store.call('GET', '/device-cloud/list')).json().result.total).toBe(2);
    const memberId = (await ctx.db.query.merchantMembers.findFirst({
      where: (m, { eq }) => eq(m.userId, store.user.id),
    }))!.id;
    await enableWhitelist(ctx.db, { merchantId: store.merchant.id, memberId, deviceIds: [listed.id] }, ctx.app);
    const visible = (await store.call('GET', '/device-cloud/list')).json().result;
    expect(visible.items.map((d: { name: string }) => d.name)).toEqual(['Listed']);
    expect((await store.call('GET', `/device-cloud/${listed.id + 1}/info`)).json().code).toBe(1102004);
  });
});

describe('GET /device-cloud/:id/info', () => {
  it('shows the state, revenue as the statistics count it (sales less refunds), and what the machine can do', async () => {
    const owner = await member();
    const device = await createBoundDevice(ctx.db, { merchantId: owner.merchant.id, kind: 'washer', model: 'AB3' });
    await online(device.hwid, { coinDispenser: undefined });
    const at = new Date();
    const sale = { merchantId: owner.merchant.id, deviceId: device.device.id, createdAt: at };
    await insertSale(ctx.db, { ...sale, total: 6000 });
    await insertSale(ctx.db, { ...sale, total: 4000, encore: 1000 });
    const refunded = await insertSale(ctx.db, { ...sale, total: 9999 });
    await ctx.db
      .update(transactions)
      .set({ refund: 9999, status: transactionStatuses.refunded })
      .where(eq(transactions.id, refunded.id));
    const info = (await owner.call('GET', `/device-cloud/${device.device.id}/info`)).json().result;
    expect(info).toMatchObject({
      revenue: 10000,
      coinCount: 42,
      doorLocked: true,
      doorOpen: false,
      currentCourse: 'standard',
      stage: 'rinsing1',
      cumulativeAmount: 150000,
      cashBoxAmount: 42000,
      billAcceptor: [{ denomination: 10000, count: 2, amount: 20000, usage: 50, ratio: 1 }],
      coinDispenser: null,
      firmware: '3.2.0',
      testTime: 0,
      features: { productChange: true, coinDispenser: false, banknoteReset: false, testMode: true, abConfig: true },
    });
    expect(info.remoteActions).toContain('startCycle');
    expect(info.remoteActions).not.toContain('extendDrying');
  });

  it('hides money from a storeManager, who may not read revenue', async () => {
    const store = await member('storeManager');
    const device = await createBoundDevice(ctx.db, { merchantId: store.merchant.id });
    await online(device.hwid);
    const info = (await store.call('GET', `/device-cloud/${device.device.id}/info`)).json().result;
    expect(info).toMatchObject({ revenue: null, cumulativeAmount: null, cashBoxAmount: null, coinCount: 42 });
  });

  it("answers 1102004 for another merchant's device", async () => {
    const owner = await member();
    const theirs = await createCloudDevice(ctx.db, { merchantId: (await member()).merchant.id });
    expect((await owner.call('GET', `/device-cloud/${theirs.id}/info`)).json().code).toBe(1102004);
  });
});

describe('PUT /device-cloud/:deviceID', () => {
  it('renames, moves and sets the payment product; an empty name is 1102008, a foreign place 1102007', async () => {
    const owner = await member();
    const shop = await createPlace(ctx.db, owner.merchant.id);
    const foreign = await createPlace(ctx.db, (await member()).merchant.id);
    const device = await createCloudDevice(ctx.db, { merchantId: owner.merchant.id });
    const updated = await owner.call('PUT', `/device-cloud/${device.id}`, {
      name: ' Washer 7 ',
      placeId: shop.id,
      paymentProduct: 'LinePay',
    });
    expect(updated.json().result).toMatchObject({
      name: 'Washer 7',
      place: { id: shop.id },
      paymentProduct: 'LinePay',
    });
    expect((await owner.call('PUT', `/device-cloud/${device.id}`, { name: '  ' })).json().code).toBe(1102008);
    // PostgreSQL cannot store NUL: refused as a bad request, never a server error.
    const nul = await owner.call('PUT', `/device-cloud/${device.id}`, { name: 'a\u0000b' });
    expect(nul.json()).toMatchObject({ code: 400, details: [{ path: 'body.name' }] });
    expect((await owner.call('PUT', `/device-cloud/${device.id}`, { placeId: foreign.id })).json().code).toBe(1102007);
    const logs = await ctx.db.query.deviceLogs.findMany({ where: (l, { eq }) => eq(l.deviceId, device.id) });
    expect(logs.map((l) => l.contentKey)).toEqual(['deviceLog.admin.update']);
  });

  it('changes the product of an AB3, AB2 or AY machine only; a missing template is 1107001', async () => {
    const owner = await member();
    const [template] = await ctx.db
      .insert(productTemplates)
      .values({ merchantId: owner.merchant.id, name: 'Wash', type: 'list', price: 6000, spentTime: 30 })
      .returning();
    const washer = await createCloudDevice(ctx.db, { merchantId: owner.merchant.id, model: 'AY' });
    const carWash = await createCloudDevice(ctx.db, { merchantId: owner.merchant.id, kind: 'carWash', model: 'CW1' });
    // Not bound: nothing to push to, so the product is simply recorded.
    const changed = await owner.call('PUT', `/device-cloud/${washer.id}`, { productId: template!.id });
    expect(changed.json().result).toMatchObject({ product: { id: template!.id, name: 'Wash' }, productSynced: null });
    expect((await owner.call('PUT', `/device-cloud/${carWash.id}`, { productId: template!.id })).json().code).toBe(
      1107004,
    );
    expect(
      (await owner.call('PUT', `/device-cloud/${washer.id}`, { productId: template!.id + 1000 })).json().code,
    ).toBe(1107001);
    expect(
      (await owner.call('PUT', `/device-cloud/${washer.id}`, { productId: null })).json().result.product,
    ).toBeNull();
  });

  it('is for managers: a shareholder is refused (1104016), and another merchant cannot change it (1102004)', async () => {
    const owner = await member();
    const device = await createCloudDevice(ctx.db, { merchantId: owner.merchant.id });
    const shareholder = await member('shareholder');
    expect((await shareholder.call('PUT', `/device-cloud/${device.id}`, { name: 'x' })).json().code).toBe(1104016);
    expect((await (await member()).call('PUT', `/device-cloud/${device.id}`, { name: 'x' })).json().code).toBe(1102004);
  });
});

describe('the OpenAPI document', () => {
  it('describes the device, binding, log and product routes with their schemas', async () => {
    const openapi = (await ctx.app.inject({ url: '/api/openapi.json' })).json();
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/device-cloud/list',
        '/api/v1/device-cloud/{id}/remote',
        '/api/v1/device/hardware/{hwid}',
        '/api/v1/device-log/list',
        '/api/v1/product/{id}',
        '/api/v1/admin/hardware',
      ]),
    );
    expect(openapi.paths['/api/v1/device-cloud/{id}/remote'].post.requestBody).toBeDefined();
  });
});
