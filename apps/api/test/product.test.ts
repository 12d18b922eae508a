import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { devices, deviceState } from '../src/db/schema';
import { bearer, memberOf } from './helpers/fixtures';
import { createBoundDevice, createCloudDevice } from './helpers/devices';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const washList = {
  name: 'Standard wash',
  type: 'list',
  price: 6000,
  spentTime: 30,
  pulse: 1000,
  defaultDryTemp: 2,
  courses: [
    { course: 'standard', name: 'Standard', price: 6000, spentTime: 30 },
    { course: 'quick', price: 5000 },
  ],
  additives: [{ type: 'detergent', price: 1000 }],
  notifyBeforePayment: 'Check your pockets.',
};

async function owner(role: 'merchant' | 'storeManager' | 'shareholder' = 'merchant') {
  const member = await memberOf(ctx, role);
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(member.jwt), payload });
  return { ...member, call };
}

const details = (response: { json(): { details: Array<{ path: string; message: string }> } }) =>
  Object.fromEntries(response.json().details.map((d) => [d.path, d.message]));

describe('product templates', () => {
  it('creates, reads, lists, edits (revision grows) and deletes a template', async () => {
    const { call } = await owner();
    const created = (await call('POST', '/product', washList)).json().result;
    expect(created).toMatchObject({ ...washList, revision: 1, deviceCount: 0, unit: null, notifyAfterPayment: '' });
    expect((await call('GET', `/product/${created.id}`)).json().result.name).toBe('Standard wash');
    await call('POST', '/product', { name: 'Water by the litre', type: 'unitProgressive', unitPrice: 500, unit: 'L' });
    const list = (await call('GET', '/product/list')).json().result;
    expect(list.items.map((t: { name: string }) => t.name)).toEqual(['Water by the litre', 'Standard wash']);
    expect((await call('GET', '/product/list?type=list')).json().result.total).toBe(1);
    expect((await call('GET', '/product/list?keyword=litre')).json().result.total).toBe(1);
    const edited = (await call('PUT', `/product/${created.id}`, { ...washList, name: 'Wash', additives: [] })).json()
      .result;
    expect(edited).toMatchObject({ name: 'Wash', additives: [], revision: 2 });
    expect((await call('DELETE', `/product/${created.id}`)).json()).toEqual({ result: { deleted: true } });
    expect((await call('GET', `/product/${created.id}`)).json().code).toBe(1107001);
  });

  it('answers with the form messages of spec section 5', async () => {
    const { call } = await owner();
    const response = await call('POST', '/product', {
      type: 'list',
      price: 0,
      spentTime: -3,
      pulse: 1000,
      dryPrice: 1500,
      dryLimit: 50,
      courses: [
        { course: 'standard', price: 6000 },
        { course: 'quick', price: 6000 },
        { course: 'heavy', price: 2.5 },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(details(response)).toMatchObject({
      'body.name': 'required',
      'body.price': 'cannot be zero',
      'body.spentTime': 'positive integers only',
      'body.dryPrice': 'enter a multiple of 1000',
      'body.courses.1.price': 'duplicate amount',
      'body.courses.2.price': 'positive integers only',
    });
    const missing = await call('POST', '/product', { name: 'Water', type: 'unitProgressive' });
    expect(details(missing)).toEqual({ 'body.unitPrice': 'required', 'body.unit': 'required' });
    const dryer = await call('POST', '/product', {
      name: 'Dryer',
      type: 'list',
      price: 1000,
      spentTime: 8,
      dryLimit: 60,
    });
    expect(details(dryer)).toEqual({ 'body.dryLimit': 'enter a multiple of 8' });
  });

  it('refuses to delete a template devices still use (1107002)', async () => {
    const { call, merchant } = await owner();
    const template = (await call('POST', '/product', washList)).json().result;
    await createCloudDevice(ctx.db, { merchantId: merchant.id, productId: template.id });
    expect((await call('GET', `/product/${template.id}`)).json().result.deviceCount).toBe(1);
    expect((await call('DELETE', `/product/${template.id}`)).json().code).toBe(1107002);
  });

  it('says "device version must be 3.0.0 or higher" when a machine using the template is too old', async () => {
    const { call, merchant } = await owner();
    const template = (await call('POST', '/product', { ...washList, additives: [] })).json().result;
    const { hwid, device } = await createBoundDevice(ctx.db, { merchantId: merchant.id, model: 'AY' });
    await ctx.db.insert(deviceState).values({ hwid, firmware: '1.6.2', online: false });
    const withAdditives = (await call('POST', '/product', washList)).json().result;
    const assign = await call('PUT', `/device-cloud/${device.id}`, { productId: withAdditives.id });
    expect(details(assign)).toEqual({ 'body.productId': 'device version must be 3.0.0 or higher' });
    // A template the machine already runs cannot gain what its firmware lacks.
    await ctx.db.update(devices).set({ productId: template.id }).where(eq(devices.id, device.id));
    const response = await call('PUT', `/product/${template.id}`, washList);
    expect(response.statusCode).toBe(400);
    expect(details(response)).toEqual({ 'body.additives': 'device version must be 3.0.0 or higher' });
  });

  it('keeps templates per merchant, and lets a storeManager read but not write (1104016)', async () => {
    const mine = await owner();
    const template = (await (await owner()).call('POST', '/product', washList)).json().result;
    expect((await mine.call('GET', `/product/${template.id}`)).json().code).toBe(1107001);
    expect((await mine.call('PUT', `/product/${template.id}`, washList)).json().code).toBe(1107001);
    expect((await mine.call('DELETE', `/product/${template.id}`)).json().code).toBe(1107001);
    const store = await owner('storeManager');
    expect((await store.call('GET', '/product/list')).statusCode).toBe(200);
    expect((await store.call('POST', '/product', washList)).json().code).toBe(1104016);
    expect((await (await owner('shareholder')).call('GET', '/product/list')).json().code).toBe(1104016);
  });
});
