import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutOrders } from '../src/db/schema';
import { bearer, merchantToken } from './helpers/fixtures';
import { eventually } from './helpers/devices';
import { checkoutShop, type ShopMachine } from './helpers/checkout-shop';
import { createTestApp, fastDeviceEnv, type TestContext } from './helpers/test-app';
import { TestDevice } from './helpers/test-device';

// Every kind of machine takes a phone payment (issue 27): by amount (car-wash bay), by time (dryer,
// and more minutes for a running one), by product (vending slot, water volume), with a happy hour's
// price, a refusal's refund, bad amounts refused, and a free cycle recorded under `free`. The
// machines are real MQTT clients on the test broker, answering the paid starts they are sent.

let ctx: TestContext;
const opened: TestDevice[] = [];
beforeAll(async () => {
  ctx = await createTestApp(
    { ...fastDeviceEnv, DEVICE_ACK_TIMEOUT_MS: '1500', RATE_LIMIT_CHECKOUT_PER_MINUTE: '1000' },
    undefined,
    { gateway: true },
  );
});
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close().catch(() => undefined)));
  await ctx?.close();
});

const bay: ShopMachine = {
  kind: 'carWash',
  model: 'CW1',
  name: 'Bay 1',
  template: { name: 'Bay', type: 'list', price: 2000, spentTime: 4, pulse: 1000, courses: [] },
};
const dryer: ShopMachine = {
  kind: 'dryer',
  model: 'AB3',
  name: 'Dryer 1',
  template: {
    name: 'Dryer, 8 minutes a coin',
    type: 'list',
    price: 1000,
    spentTime: 8,
    dryPrice: 1000,
    dryLimit: 56,
    pulse: 1000,
    courses: [],
  },
};
const vending: ShopMachine = {
  kind: 'vending',
  model: 'VM1',
  name: 'Snacks',
  template: {
    name: 'Snacks',
    type: 'list',
    price: 2000,
    spentTime: 1,
    courses: [
      { course: 'A1', name: 'Crisps', price: 2000 },
      { course: 'B2', name: 'Juice', price: 3500 },
    ],
  },
};
const water: ShopMachine = {
  kind: 'waterStation',
  model: 'WS1',
  name: 'Water',
  template: { name: 'Water', type: 'unitProgressive', unitPrice: 200, unit: 'L', courses: [] },
};
const changer: ShopMachine = { kind: 'coinChanger', model: 'MC1', name: 'Coin changer', template: null };

const shop = (machine?: ShopMachine) => checkoutShop(ctx, opened, machine);
type Shop = Awaited<ReturnType<typeof shop>>;

const machineOf = async (deviceId: number) =>
  (await ctx.app.inject({ url: '/api/v1/checkout/machine', query: { deviceId: `${deviceId}` } })).json().result;

const create = (deviceId: number, purchase: object, overrides: object = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/checkout/order',
    payload: { deviceId, purchase, gateway: 'LinePay', clientRequestId: randomUUID(), ...overrides },
  });

const orderOf = async (orderId: string) =>
  (await ctx.app.inject({ url: `/api/v1/checkout/order/${orderId}` })).json().result;

/** The consumer approves on the sandbox page and comes back: the order is paid, the machine is sent its start. */
async function pay(redirectUrl: string) {
  const decided = await ctx.app.inject({
    method: 'POST',
    url: new URL(redirectUrl).pathname,
    payload: 'outcome=approve',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const returnUrl = new URL(decided.headers.location as string);
  await ctx.app.inject({ url: `${returnUrl.pathname}${returnUrl.search}` });
}

async function buy(s: Shop, purchase: object) {
  const created = await create(s.deviceId, purchase);
  expect(created.statusCode, created.body).toBe(200);
  const { orderId, redirectUrl } = created.json().result;
  await pay(redirectUrl);
  return orderId as string;
}

const settled = (orderId: string, status: 'started' | 'refunded') =>
  eventually(async () => {
    const order = await orderOf(orderId);
    return order.status === status && order;
  });

const salesOf = async (merchantId: number) =>
  (
    await ctx.db.execute<{ total: number; status: number; pay_gateway: string; order_info: object }>(
      sql`select total::int, status::int, pay_gateway, order_info from transactions
           where merchant_id = ${merchantId} order by id`,
    )
  ).rows;

const hour = 3600_000;
const taipeiTime = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Taipei',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);

/** A happy hour around now on the shop's machine, with these discounts. */
async function happyHour(s: Shop, discounts: object[]) {
  const now = new Date();
  ctx.clock.set(now);
  const jwt = await merchantToken(ctx, s.owner.user.id, s.merchantId);
  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(jwt), payload });
  const created = await call('POST', '/promotion', {
    name: 'Happy hour',
    category: 'time_discount',
    startAt: new Date(now.getTime() - 24 * hour).toISOString(),
    endAt: null,
    timeDiscount: {
      weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
      windows: [{ from: taipeiTime(new Date(now.getTime() - hour)), to: taipeiTime(new Date(now.getTime() + hour)) }],
      calculation: 'round',
      discounts,
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const promotionId = created.json().result.id as number;
  expect((await call('PUT', `/promotion/${promotionId}/binding`, { deviceIds: [s.deviceId] })).statusCode).toBe(200);
  return { promotionId, jwt };
}

describe('by amount: a car-wash bay', () => {
  it('offers whole coins within its limits, charges the amount chosen and credits the bay with it', async () => {
    const s = await shop(bay);
    const view = await machineOf(s.deviceId);
    expect(view).toMatchObject({ canPay: true, courses: [], canTopUp: false });
    expect(view.offer).toEqual({
      way: 'amount',
      min: 2000,
      max: 50_000,
      step: 1000,
      suggested: [2000, 4000, 10_000, 20_000],
      discount: null,
    });
    const orderId = await buy(s, { way: 'amount', amount: 7000 });
    const command = await s.device.nextCommand('paidStart');
    expect(command.params).toEqual({ orderId, credit: 7000, amount: 7000, payGateway: 'LinePay' });
    await settled(orderId, 'started');
    expect(await orderOf(orderId)).toMatchObject({ amount: 7000, course: { code: 'credit' } });
    expect(await salesOf(s.merchantId)).toEqual([{ total: 7000, status: 1, pay_gateway: 'LinePay', order_info: {} }]);
  });

  it('refuses an amount that is not whole coins or outside the limits (400), and writes no order', async () => {
    const s = await shop(bay);
    for (const amount of [2500, 1000, 51_000, 0, -1000]) {
      const refused = await create(s.deviceId, { way: 'amount', amount });
      expect(refused.statusCode, `${amount}`).toBe(400);
      expect(refused.json().code).toBe(400);
    }
    // Another way of paying than the machine's is refused the same way.
    expect((await create(s.deviceId, { way: 'time', minutes: 8 })).json().code).toBe(400);
    expect((await create(s.deviceId, { way: 'course', course: 'standard' })).json().code).toBe(400);
    const orders = await ctx.db
      .select()
      .from(checkoutOrders)
      .where(sql`device_id = ${s.deviceId}`);
    expect(orders).toEqual([]);
    expect(s.device.commands.filter((c) => c.action === 'paidStart')).toEqual([]);
  });

  it('charges the happy hour price for an amount: 20% off the credit bought', async () => {
    const s = await shop(bay);
    const { promotionId } = await happyHour(s, [{ course: '*', kind: 'percent', value: 20 }]);
    expect((await machineOf(s.deviceId)).offer.discount).toEqual({ kind: 'percent', value: 20, calculation: 'round' });
    const orderId = await buy(s, { way: 'amount', amount: 10_000 });
    expect((await s.device.nextCommand('paidStart')).params).toEqual({
      orderId,
      credit: 10_000,
      amount: 8000,
      payGateway: 'LinePay',
    });
    await settled(orderId, 'started');
    const [sale] = (
      await ctx.db.execute<{ total: number; promotion_id: number; promotion_discount: number }>(
        sql`select total::int, promotion_id, promotion_discount::int from transactions where merchant_id = ${s.merchantId}`,
      )
    ).rows;
    expect(sale).toEqual({ total: 8000, promotion_id: promotionId, promotion_discount: 2000 });
  });
});

describe('by time: a car-wash bay whose template sells its programs by the minute', () => {
  it('sells minutes at the template price per spentTime, and runs the bay for them', async () => {
    const s = await shop({
      ...bay,
      template: { name: 'Bay by the minute', type: 'list', price: 1000, spentTime: 2, courseType: 'time', courses: [] },
    });
    expect((await machineOf(s.deviceId)).offer).toEqual({
      way: 'time',
      stepMinutes: 2,
      maxMinutes: 120,
      price: 1000,
      topUp: false,
    });
    // A bay has no drying to add minutes to.
    expect((await create(s.deviceId, { way: 'time', minutes: 4, topUp: true })).json().code).toBe(1710001);
    const orderId = await buy(s, { way: 'time', minutes: 10 });
    expect((await s.device.nextCommand('paidStart')).params).toEqual({
      orderId,
      minutes: 10,
      amount: 5000,
      payGateway: 'LinePay',
    });
    await settled(orderId, 'started');
  });
});

describe('by time: a dryer', () => {
  it('sells minutes at the rate, in steps, up to its limit, and starts drying for them', async () => {
    const s = await shop(dryer);
    const view = await machineOf(s.deviceId);
    expect(view.offer).toEqual({ way: 'time', stepMinutes: 8, maxMinutes: 56, price: 1000, topUp: true });
    expect(view.canPay).toBe(true);
    for (const minutes of [10, 64]) expect((await create(s.deviceId, { way: 'time', minutes })).statusCode).toBe(400);
    const orderId = await buy(s, { way: 'time', minutes: 40 });
    expect((await s.device.nextCommand('paidStart')).params).toEqual({
      orderId,
      minutes: 40,
      amount: 5000,
      payGateway: 'LinePay',
    });
    await settled(orderId, 'started');
    expect(await salesOf(s.merchantId)).toEqual([
      { total: 5000, status: 1, pay_gateway: 'LinePay', order_info: { dryTime: 40 } },
    ]);
  });

  it('adds minutes to a running dryer (top-up), and refuses a top-up of an idle one', async () => {
    const s = await shop(dryer);
    expect((await create(s.deviceId, { way: 'time', minutes: 16, topUp: true })).json().code).toBe(1710001);
    await s.device.state({ status: 'operating', stage: 'dry', remainingSeconds: 600 });
    const running = await eventually(async () => {
      const m = await machineOf(s.deviceId);
      return m.state === 'inUse' && m;
    });
    expect(running).toMatchObject({ canPay: false, canTopUp: true });
    // A new start is refused while it runs; more minutes are not.
    expect((await create(s.deviceId, { way: 'time', minutes: 16 })).json().code).toBe(1710001);
    const orderId = await buy(s, { way: 'time', minutes: 16, topUp: true });
    expect((await s.device.nextCommand('paidStart')).params).toEqual({
      orderId,
      minutes: 16,
      extend: true,
      amount: 2000,
      payGateway: 'LinePay',
    });
    await settled(orderId, 'started');
    expect(await orderOf(orderId)).toMatchObject({ course: { code: 'addTime', name: '+16 min' } });
    expect(await salesOf(s.merchantId)).toEqual([
      { total: 2000, status: 1, pay_gateway: 'LinePay', order_info: { addDry: 16 } },
    ]);
  });

  it('charges the happy hour price per step of minutes', async () => {
    const s = await shop({ ...dryer, template: { ...dryer.template!, price: 2000, dryPrice: 2000 } });
    await happyHour(s, [{ course: '*', kind: 'percent', value: 50 }]);
    expect((await machineOf(s.deviceId)).offer).toMatchObject({ price: 1000, normalPrice: 2000 });
    const orderId = await buy(s, { way: 'time', minutes: 16 });
    expect((await s.device.nextCommand('paidStart')).params).toMatchObject({ minutes: 16, amount: 2000 });
    await settled(orderId, 'started');
  });

  it('refunds a paid start the dryer refuses, with its reason', async () => {
    const s = await shop(dryer);
    s.device.answer = (command) => (command.action === 'paidStart' ? { ok: false, code: 1702001 } : { ok: true });
    const orderId = await buy(s, { way: 'time', minutes: 16 });
    const order = await settled(orderId, 'refunded');
    expect(order.reason).toBe('fault');
    expect(await salesOf(s.merchantId)).toMatchObject([{ total: 2000, status: 98 }]);
  });
});

describe('by product', () => {
  it('sells a vending slot at its price, and a water volume at the price per litre', async () => {
    const snacks = await shop(vending);
    expect((await machineOf(snacks.deviceId)).offer).toEqual({
      way: 'product',
      products: [
        { code: 'A1', name: 'Crisps', price: 2000 },
        { code: 'B2', name: 'Juice', price: 3500 },
      ],
    });
    expect((await create(snacks.deviceId, { way: 'product', product: 'C9' })).statusCode).toBe(400);
    const vend = await buy(snacks, { way: 'product', product: 'B2' });
    expect((await snacks.device.nextCommand('paidStart')).params).toEqual({
      orderId: vend,
      selection: 'B2',
      amount: 3500,
      payGateway: 'LinePay',
    });
    await settled(vend, 'started');
    expect(await salesOf(snacks.merchantId)).toEqual([
      { total: 3500, status: 1, pay_gateway: 'LinePay', order_info: { selection: 'B2' } },
    ]);

    const station = await shop(water);
    const offer = (await machineOf(station.deviceId)).offer;
    expect(offer.products.map((p: { code: string; price: number }) => [p.code, p.price])).toEqual([
      ['5L', 1000],
      ['10L', 2000],
      ['20L', 4000],
    ]);
    const fill = await buy(station, { way: 'product', product: '10L' });
    expect((await station.device.nextCommand('paidStart')).params).toMatchObject({ selection: '10L', amount: 2000 });
    await settled(fill, 'started');
  });

  it('pays coin changer tokens by amount', async () => {
    const s = await shop(changer);
    expect((await machineOf(s.deviceId)).offer).toMatchObject({ way: 'amount', min: 100, step: 100 });
    const orderId = await buy(s, { way: 'amount', amount: 5000 });
    expect((await s.device.nextCommand('paidStart')).params).toEqual({
      orderId,
      credit: 5000,
      amount: 5000,
      payGateway: 'LinePay',
    });
    await settled(orderId, 'started');
  });
});

describe('a free cycle', () => {
  it('is recorded under `free`, not the method on the screen, and filtered and exported as free', async () => {
    const s = await shop(dryer);
    await happyHour(s, [{ course: '*', kind: 'free', value: 0 }]);
    expect((await machineOf(s.deviceId)).offer).toMatchObject({ price: 0, normalPrice: 1000, free: true });
    const created = await create(s.deviceId, { way: 'time', minutes: 24 });
    expect(created.statusCode, created.body).toBe(200);
    const { orderId } = created.json().result;
    expect((await s.device.nextCommand('paidStart')).params).toEqual({
      orderId,
      minutes: 24,
      amount: 0,
      payGateway: 'free',
    });
    await settled(orderId, 'started');
    // The machine's own report of it names `free` too, and makes no second sale.
    await s.device.event({ kind: 'sale', amount: 0, payGateway: 'free', orderId, dryTime: 24 });
    expect(await salesOf(s.merchantId)).toEqual([
      { total: 0, status: 90, pay_gateway: 'free', order_info: { dryTime: 24 } },
    ]);
    expect(await orderOf(orderId)).toMatchObject({ gateway: 'free', amount: 0 });
    const get = (url: string) => ctx.app.inject({ url, headers: bearer(s.owner.jwt) });
    const free = (await get('/api/v1/transaction/list?payGateway=free')).json().result;
    expect(free.items).toMatchObject([{ orderId, payGateway: 'free', total: 0 }]);
    expect((await get('/api/v1/transaction/list?payGateway=LinePay')).json().result.items).toEqual([]);
    const csv = (await get('/api/v1/transaction/export?payGateway=free')).body;
    expect(csv).toContain(orderId);
    expect(csv).toMatch(/,free,/);
    expect((await get('/api/v1/transaction/export?payGateway=LinePay')).body).not.toContain(orderId);
    // `free` labels a cycle; a place cannot be set to accept it as a method.
    const jwt = await merchantToken(ctx, s.owner.user.id, s.merchantId);
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/payment/options/${s.place.id}`,
      headers: bearer(jwt),
      payload: { gateways: ['LinePay', 'free'] },
    });
    expect(refused.statusCode).toBe(400);
  });
});
