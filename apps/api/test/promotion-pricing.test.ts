import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceCommand } from '@sbo/contracts/mqtt';
import { createPromotionPricing } from '../src/modules/promotion/pricing';
import { bearer, merchantToken } from './helpers/fixtures';
import { eventually } from './helpers/devices';
import { checkoutShop } from './helpers/checkout-shop';
import { createTestApp, fastDeviceEnv, type TestContext } from './helpers/test-app';
import { TestDevice } from './helpers/test-device';

let ctx: TestContext;
const opened: TestDevice[] = [];
beforeAll(async () => {
  ctx = await createTestApp(fastDeviceEnv, undefined, { gateway: true });
});
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close().catch(() => undefined)));
  await ctx?.close();
});

const hour = 3600_000;
/** HH:MM in Taipei (the shop's zone) of an instant. */
const taipeiTime = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Taipei',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);

const pricesSent = (device: TestDevice) =>
  device.commands.filter((c): c is Extract<DeviceCommand, { action: 'setPrices' }> => c.action === 'setPrices');

async function nextPrices(device: TestDevice, count: number) {
  await eventually(async () => pricesSent(device).length >= count);
  return pricesSent(device)[count - 1]!.params.prices;
}

const salesOf = async (merchantId: number) =>
  (
    await ctx.db.execute<{
      total: number;
      status: number;
      promotion_id: number | null;
      promotion_discount: number;
      pay_gateway: string;
    }>(
      sql`select total::int, status::int, promotion_id, promotion_discount::int, pay_gateway
            from transactions where merchant_id = ${merchantId} order by id`,
    )
  ).rows;

describe('a happy hour on a bound machine (device protocol)', () => {
  it('sends the discounted prices when the window opens, charges them at checkout, records sales under it, and restores the prices', async () => {
    // A window around the real "now": the machine stamps its sales with its own clock.
    const now = new Date();
    ctx.clock.set(now);
    const shop = await checkoutShop(ctx, opened);
    const jwt = await merchantToken(ctx, shop.owner.user.id, shop.merchantId);
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(jwt), ...(payload ? { payload } : {}) });
    const created = await call('POST', '/promotion', {
      name: 'Happy hour',
      category: 'time_discount',
      startAt: new Date(now.getTime() - 24 * hour).toISOString(),
      endAt: null,
      timeDiscount: {
        weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
        windows: [{ from: taipeiTime(new Date(now.getTime() - hour)), to: taipeiTime(new Date(now.getTime() + hour)) }],
        calculation: 'round',
        discounts: [{ course: '*', kind: 'percent', value: 20 }],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const promotionId = created.json().result.id as number;
    expect((await call('PUT', `/promotion/${promotionId}/binding`, { deviceIds: [shop.deviceId] })).statusCode).toBe(
      200,
    );
    const pricing = createPromotionPricing({
      pool: ctx.pool,
      db: ctx.db,
      clock: ctx.clock,
      send: ctx.gateway!.sendCommand,
      log: console,
    });

    // The window is open: the machine gets the discounted prices, once.
    const before = pricesSent(shop.device).length;
    expect(await pricing.tick()).toBe(1);
    const discounted = await nextPrices(shop.device, before + 1);
    expect(discounted).toMatchObject({
      price: 4800,
      courses: [
        { course: 'standard', price: 4800 },
        { course: 'quick', price: 4000 },
      ],
    });
    expect(discounted.version).toMatch(new RegExp(`-p${promotionId}$`));
    expect(await pricing.tick()).toBe(0);
    // The machine runs its product's prices, a happy hour's: device info calls it in sync.
    await shop.device.state({ pricesVersion: discounted.version as string });
    await eventually(async () => {
      const info = (await call('GET', `/device-cloud/${shop.deviceId}/info`)).json().result;
      return info.pricesVersion === discounted.version && info.productSynced === true;
    });

    // Checkout shows and charges the same price; the sale records the promotion and its discount.
    const view = (
      await ctx.app.inject({ url: '/api/v1/checkout/machine', query: { deviceId: `${shop.deviceId}` } })
    ).json();
    expect(view.result.courses[0]).toMatchObject({ code: 'standard', price: 4800, normalPrice: 6000 });
    const order = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/checkout/order',
        payload: { deviceId: shop.deviceId, course: 'standard', gateway: 'LinePay', clientRequestId: randomUUID() },
      })
    ).json().result;
    const decided = await ctx.app.inject({
      method: 'POST',
      url: new URL(order.redirectUrl).pathname,
      payload: 'outcome=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const back = new URL(decided.headers.location as string);
    await ctx.app.inject({ url: `${back.pathname}${back.search}` });
    const paid = await shop.device.nextCommand('paidStart');
    expect(paid.params).toMatchObject({ amount: 4800 });

    // A coin sale on the machine during the window is recorded under the promotion too.
    await shop.device.event({ kind: 'sale', amount: 4000, payGateway: 'offline', course: 'quick' });
    await eventually(async () => (await salesOf(shop.merchantId)).length === 2);
    expect(await salesOf(shop.merchantId)).toEqual([
      { total: 4800, status: 1, promotion_id: promotionId, promotion_discount: 1200, pay_gateway: 'LinePay' },
      { total: 4000, status: 0, promotion_id: promotionId, promotion_discount: 1000, pay_gateway: 'offline' },
    ]);

    const [checkoutSale] = (
      await ctx.db.execute<{ id: number }>(
        sql`select id::int from transactions where merchant_id = ${shop.merchantId} order by id limit 1`,
      )
    ).rows;
    const detail = (await call('GET', `/transaction/${checkoutSale!.id}`)).json().result;
    expect(detail.promotion).toEqual({ id: promotionId, name: 'Happy hour', discount: 1200 });

    // A machine that reconnects gets the prices in force now.
    await shop.device.close();
    const again = await TestDevice.connect(ctx.gateway!.brokerUrl, { hwid: shop.hwid, secret: shop.secret });
    opened.push(again);
    const idle = await again.state({ status: 'idle' });
    expect((await nextPrices(again, 1)).version).toBe(discounted.version);
    // What the machine reports now is stored (the passes below compare their prices with it).
    await eventually(async () => {
      const [stored] = (
        await ctx.db.execute<{ boot: string; seq: number }>(
          sql`select report->>'bootId' as boot, (report->>'seq')::int as seq from device_state where hwid = ${shop.hwid}`,
        )
      ).rows;
      return stored?.boot === idle.bootId && stored.seq === idle.seq;
    });

    // The window closes: the template's prices come back.
    ctx.clock.set(new Date(now.getTime() + 3 * hour));
    expect(await pricing.tick()).toBe(1);
    const normal = await nextPrices(again, 2);
    expect(normal).toMatchObject({
      price: 6000,
      courses: [
        { course: 'standard', price: 6000 },
        { course: 'quick', price: 5000 },
      ],
    });
    expect(normal.version).not.toMatch(/-p\d+$/);
    expect(await pricing.tick()).toBe(0);

    // Open again, then stopped by hand: the prices return at the next tick.
    ctx.clock.set(now);
    expect(await pricing.tick()).toBe(1);
    expect((await nextPrices(again, 3)).price).toBe(4800);
    expect((await call('POST', `/promotion/${promotionId}/stop`)).statusCode).toBe(200);
    expect(await pricing.tick()).toBe(1);
    expect((await nextPrices(again, 4)).price).toBe(6000);
    const after = (
      await ctx.app.inject({ url: '/api/v1/checkout/machine', query: { deviceId: `${shop.deviceId}` } })
    ).json();
    expect(after.result.courses[0]).toEqual({ code: 'standard', name: 'Standard', price: 6000 });
  });

  it('starts a free cycle without payment: a status-90 sale of 0 that never reaches the wallet', async () => {
    const now = new Date();
    ctx.clock.set(now);
    const shop = await checkoutShop(ctx, opened);
    const jwt = await merchantToken(ctx, shop.owner.user.id, shop.merchantId);
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(jwt), ...(payload ? { payload } : {}) });
    const created = await call('POST', '/promotion', {
      name: 'Free quick wash',
      category: 'time_discount',
      startAt: new Date(now.getTime() - hour).toISOString(),
      endAt: null,
      timeDiscount: {
        weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
        windows: [{ from: taipeiTime(new Date(now.getTime() - hour)), to: taipeiTime(new Date(now.getTime() + hour)) }],
        calculation: 'round',
        discounts: [{ course: 'quick', kind: 'free', value: 0 }],
      },
    });
    const promotionId = created.json().result.id as number;
    await call('PUT', `/promotion/${promotionId}/binding`, { deviceIds: [shop.deviceId] });
    const wallet = async () => (await call('GET', '/wallet/summary')).json().result;
    const walletBefore = await wallet();

    // The machine keeps the normal price for coins (it cannot be sent 0); checkout offers the course free.
    const pricing = createPromotionPricing({
      pool: ctx.pool,
      db: ctx.db,
      clock: ctx.clock,
      send: ctx.gateway!.sendCommand,
      log: console,
    });
    const before = pricesSent(shop.device).length;
    await pricing.tick();
    expect((await nextPrices(shop.device, before + 1)).courses).toEqual([
      { course: 'standard', price: 6000 },
      { course: 'quick', price: 5000 },
    ]);
    const view = (
      await ctx.app.inject({ url: '/api/v1/checkout/machine', query: { deviceId: `${shop.deviceId}` } })
    ).json();
    expect(view.result.courses[1]).toEqual({ code: 'quick', name: 'quick', price: 0, normalPrice: 5000, free: true });

    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/checkout/order',
      payload: { deviceId: shop.deviceId, course: 'quick', gateway: 'LinePay', clientRequestId: randomUUID() },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { orderId, redirectUrl } = started.json().result;
    expect(redirectUrl).toBe(`http://127.0.0.1:9/custom/checkout-result?orderId=${orderId}`);
    const paidStart = await shop.device.nextCommand('paidStart');
    // No money moves: the cycle is recorded under `free`, never under the method on the screen.
    expect(paidStart.params).toEqual({ orderId, course: 'quick', amount: 0, payGateway: 'free' });
    await eventually(
      async () =>
        (await ctx.app.inject({ url: `/api/v1/checkout/order/${orderId}` })).json().result.status === 'started',
    );
    // The machine's own report of the free sale makes no second sale (acknowledged only once
    // stored: the embedded broker's PUBACK follows the write, so no wait is needed).
    await shop.device.event({ kind: 'sale', amount: 0, payGateway: 'free', orderId, course: 'quick' });
    expect(await salesOf(shop.merchantId)).toEqual([
      { total: 0, status: 90, promotion_id: promotionId, promotion_discount: 5000, pay_gateway: 'free' },
    ]);
    const posting = await ctx.db.execute<{ expect_posting_at: string | null; collected: number; fee: number }>(
      sql`select expect_posting_at, collected::int, fee::int from transactions where merchant_id = ${shop.merchantId}`,
    );
    expect(posting.rows).toEqual([{ expect_posting_at: null, collected: 0, fee: 0 }]);
    expect(await wallet()).toEqual(walletBefore);
  });

  it('sends a change of prices once when two instances make their pass at the same moment', async () => {
    const now = new Date();
    ctx.clock.set(now);
    const shop = await checkoutShop(ctx, opened);
    const jwt = await merchantToken(ctx, shop.owner.user.id, shop.merchantId);
    const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
      ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(jwt), payload });
    const created = await call('POST', '/promotion', {
      name: 'Happy hour on two instances',
      category: 'time_discount',
      startAt: new Date(now.getTime() - hour).toISOString(),
      endAt: null,
      timeDiscount: {
        weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
        windows: [{ from: taipeiTime(new Date(now.getTime() - hour)), to: taipeiTime(new Date(now.getTime() + hour)) }],
        calculation: 'round',
        discounts: [{ course: '*', kind: 'percent', value: 10 }],
      },
    });
    const promotionId = created.json().result.id as number;
    await call('PUT', `/promotion/${promotionId}/binding`, { deviceIds: [shop.deviceId] });
    // Each instance has its own pricing on the one database; their scheduler ticks can coincide.
    const instance = () =>
      createPromotionPricing({
        pool: ctx.pool,
        db: ctx.db,
        clock: ctx.clock,
        send: ctx.gateway!.sendCommand,
        log: console,
      });
    const [a, b] = [instance(), instance()];
    const before = pricesSent(shop.device).length;
    const sent = await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    expect(sent.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await Promise.all([a.tick(), b.tick()])).toEqual([0, 0]);
    expect(
      pricesSent(shop.device)
        .slice(before)
        .map((p) => p.params.prices.version),
    ).toEqual([expect.stringMatching(new RegExp(`-p${promotionId}$`))]);
  });
});
