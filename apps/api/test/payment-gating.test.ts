import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts, merchants, placePaymentOptions, productTemplates } from '../src/db/schema';
import { loadConfig } from '../src/config';
import { sharedSecret } from '../src/lib/secrets';
import { startMoneyJobs } from '../src/modules/wallet/jobs';
import { createCredentialStore } from '../src/payments/credentials';
import { cardShop } from './helpers/card-shop';
import { checkoutShop } from './helpers/checkout-shop';
import { createBoundDevice, createCloudDevice, createPlace, eventually } from './helpers/devices';
import { bearer, memberOf } from './helpers/fixtures';
import { startLinePayServer, type LinePayServer } from './helpers/line-pay-server';
import { insertSale } from './helpers/sales';
import { createTestApp, fastDeviceEnv, type TestContext } from './helpers/test-app';
import type { TestDevice } from './helpers/test-device';

/**
 * The sandbox providers work only when their settings turn them on, never as a fallback: one
 * database served by a demo api (sandboxes on, machines connected) and a production api (off).
 */
let demo: TestContext;
let production: TestContext;
let linePay: LinePayServer;
const channelSecret = 'a9e1f3c1e9a0b7d24c55a1e0c2b4d6f8';
const devicesToClose: TestDevice[] = [];

beforeAll(async () => {
  linePay = await startLinePayServer({ '1656000009': channelSecret });
  demo = await createTestApp({ ...fastDeviceEnv, SETTLEMENT_JOB_SECONDS: '0' }, undefined, { gateway: true });
  demo.clock.set(new Date());
  production = await createTestApp(
    { MODE: 'production', SETTLEMENT_JOB_SECONDS: '0', LINE_PAY_API_URL: linePay.baseUrl },
    undefined,
    { databaseUrl: demo.databaseUrl },
  );
  production.clock.set(demo.clock.now());
});
afterAll(async () => {
  await Promise.all(devicesToClose.map((d) => d.close()));
  await production?.close();
  await demo?.close();
  await linePay?.close();
});

const get = (ctx: TestContext, url: string, jwt?: string) =>
  ctx.app.inject({ url: `/api/v1${url}`, ...(jwt ? { headers: bearer(jwt) } : {}) });
const post = (ctx: TestContext, url: string, payload?: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
const count = async (table: string) =>
  (await demo.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!.n;

async function setLinePayCredentials(merchantId: number) {
  const store = createCredentialStore(await sharedSecret(demo.db, 'payment-credentials-key'));
  await store.save(
    demo.db,
    { merchantId, userId: null },
    'linePay',
    { channelId: '1656000009', channelSecret },
    new Date(),
  );
}

const order = (deviceId: number) => ({
  deviceId,
  course: 'standard',
  gateway: 'LinePay',
  clientRequestId: randomUUID(),
});

describe('checkout without the payment sandbox', () => {
  it('says pay by phone is not set up at a machine whose merchant has no credentials, and writes no order', async () => {
    const s = await checkoutShop(demo, devicesToClose);
    const view = (await get(production, `/checkout/machine?deviceId=${s.deviceId}`)).json().result;
    // Whatever the machine is doing: with nothing set up there is nothing to pay with.
    expect(view).toMatchObject({ methods: [], paymentSetUp: false, canPay: false });
    expect(view.courses).toHaveLength(2);

    const [orders, payments] = [await count('checkout_orders'), await count('sandbox_payments')];
    const refused = await post(production, '/checkout/order', order(s.deviceId));
    expect(refused.statusCode).toBe(478);
    expect(refused.json()).toEqual({ code: 10014, message: 'Pay by phone is not set up here.' });
    expect([await count('checkout_orders'), await count('sandbox_payments')]).toEqual([orders, payments]);

    // The demo still pays through the sandbox, as before.
    // (A busy machine may see the test washer's heartbeat late and call it offline for a moment.)
    const demoView = await eventually(async () => {
      const result = (await get(demo, `/checkout/machine?deviceId=${s.deviceId}`)).json().result;
      return result.canPay === true && result;
    });
    expect(demoView).toMatchObject({ methods: [{ gateway: 'LinePay', sandbox: true }], paymentSetUp: true });
  });

  it('offers LINE Pay once the merchant has its credentials, and pays through LINE Pay, never the sandbox', async () => {
    const s = await checkoutShop(demo, devicesToClose);
    await setLinePayCredentials(s.merchantId);
    const view = (await get(production, `/checkout/machine?deviceId=${s.deviceId}`)).json().result;
    expect(view).toMatchObject({ methods: [{ gateway: 'LinePay', sandbox: false }], paymentSetUp: true, canPay: true });
    const started = await post(production, '/checkout/order', order(s.deviceId));
    expect(started.statusCode).toBe(200);
    expect(new URL(started.json().result.redirectUrl).pathname).not.toContain('/pay/sandbox/');
    const stored = await demo.db.execute<{ provider: string }>(
      sql`select provider from checkout_orders where public_id = ${started.json().result.orderId}`,
    );
    expect(stored.rows).toEqual([{ provider: 'linePay' }]);
  });

  it('does not confirm a sandbox order kept from a sandbox run: no sale, the order stays unpaid', async () => {
    const s = await checkoutShop(demo, devicesToClose);
    const started = (await post(demo, '/checkout/order', order(s.deviceId))).json().result;
    const page = new URL(started.redirectUrl).pathname;

    // The production api has no sandbox page and takes no decision on it.
    const shown = await production.app.inject({ url: page });
    expect(shown.statusCode).toBe(404);
    expect(shown.json()).toEqual({ code: 404, message: 'The requested address does not exist.' });
    const decided = await production.app.inject({
      method: 'POST',
      url: page,
      payload: 'outcome=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(decided.statusCode).toBe(404);

    // Approved on the demo's page, then brought back to the production api: nothing is confirmed.
    const approved = await demo.app.inject({
      method: 'POST',
      url: page,
      payload: 'outcome=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const back = new URL(approved.headers.location as string);
    const returned = await production.app.inject({ url: `${back.pathname}${back.search}` });
    expect(returned.statusCode).toBe(302);
    expect((await get(production, `/checkout/order/${started.orderId}`)).json().result.status).toBe('created');
    const sales = await demo.db.execute(sql`select id from transactions where order_id = ${started.orderId}`);
    expect(sales.rows).toEqual([]);
  });
});

describe('card top-up without the payment sandbox', () => {
  it('says top-up by phone is not set up, and writes no top-up order', async () => {
    const s = await cardShop(demo);
    await demo.db.update(merchants).set({ mobilePaymentEnabled: true }).where(eq(merchants.id, s.merchantId));
    await demo.db
      .insert(placePaymentOptions)
      .values({ merchantId: s.merchantId, placeId: s.place.id, gateways: ['offline', 'LinePay'] });
    const card = await s.issue();

    const offer = (await get(production, `/checkout/card/offer?placeId=${s.place.id}`)).json().result;
    expect(offer).toMatchObject({ gateways: [], paymentSetUp: false });
    const before = await count('card_top_ups');
    const refused = await post(production, '/checkout/card/top-up', {
      placeId: s.place.id,
      cardNumber: card.number,
      amount: 30000,
      gateway: 'LinePay',
      clientRequestId: randomUUID(),
    });
    expect(refused.statusCode).toBe(478);
    expect(refused.json().code).toBe(10014);
    expect(await count('card_top_ups')).toBe(before);
    expect((await s.call('GET', `/vip-card/${card.id}`)).json().result.balance).toBe(0);

    const demoOffer = (await get(demo, `/checkout/card/offer?placeId=${s.place.id}`)).json().result;
    expect(demoOffer).toMatchObject({ gateways: ['LinePay'], paymentSetUp: true });
  });
});

describe('QR stickers', () => {
  it('are printed only for machines that can take a payment; the others come with the reason', async () => {
    const owner = await memberOf(demo, 'merchant');
    const merchantId = owner.merchant.id;
    await demo.db.update(merchants).set({ mobilePaymentEnabled: true }).where(eq(merchants.id, merchantId));
    const place = await createPlace(demo.db, merchantId, 'Sticker Laundry');
    await demo.db.insert(placePaymentOptions).values({ merchantId, placeId: place.id, gateways: ['LinePay'] });
    const [template] = await demo.db
      .insert(productTemplates)
      .values({
        merchantId,
        name: 'Prices',
        type: 'list',
        price: 6000,
        spentTime: 30,
        courses: [{ course: 'standard', price: 6000 }],
      })
      .returning();
    const selling = await createBoundDevice(demo.db, { merchantId, placeId: place.id, name: 'Washer A' });
    await demo.db.execute(sql`update devices set product_id = ${template!.id} where id = ${selling.device.id}`);
    const noCourses = await createBoundDevice(demo.db, { merchantId, placeId: place.id, name: 'Washer B' });
    const unbound = await createCloudDevice(demo.db, { merchantId, placeId: place.id, name: 'Washer C' });
    const stickers = async (ctx: TestContext) =>
      (await get(ctx, `/place/${place.id}/qr-stickers`, owner.jwt)).json().result.items;

    expect(await stickers(demo)).toEqual([
      { id: selling.device.id, name: 'Washer A', hwid: selling.hwid, canTakePayment: true, reason: null },
      { id: noCourses.device.id, name: 'Washer B', hwid: noCourses.hwid, canTakePayment: false, reason: 'notSelling' },
      { id: unbound.id, name: 'Washer C', hwid: null, canTakePayment: false, reason: 'noController' },
    ]);
    const inProduction = await stickers(production);
    expect(inProduction.map((m: { reason: string | null }) => m.reason)).toEqual([
      'notSetUp',
      'notSetUp',
      'noController',
    ]);
    await setLinePayCredentials(merchantId);
    expect((await stickers(production)).map((m: { reason: string | null }) => m.reason)).toEqual([
      null,
      'notSelling',
      'noController',
    ]);
    const other = await memberOf(demo, 'merchant');
    expect((await get(production, `/place/${place.id}/qr-stickers`, other.jwt)).json().code).toBe(1102007);
  });
});

describe('withdrawals without the payout sandbox', () => {
  it('are refused (1104022) and leave the wallet as it was; the demo pays out through the sandbox', async () => {
    const owner = await memberOf(demo, 'merchant');
    const merchantId = owner.merchant.id;
    const account = await post(
      demo,
      '/bankbook',
      {
        bankCode: '812',
        bankName: 'Taishin Bank',
        branch: 'Neihu',
        accountNumber: '20680100054321',
        holder: 'Sunny Laundry Co.',
        holderIdNumber: 'A123456789',
      },
      bearer(owner.jwt),
    );
    await demo.db
      .update(bankAccounts)
      .set({ verification: 'verified' })
      .where(eq(bankAccounts.id, account.json().result.id));
    await insertSale(demo.db, {
      merchantId,
      payGateway: 'PromptPay',
      total: 5000,
      createdAt: new Date(demo.clock.now().getTime() - 3 * 86_400_000),
    });
    const jobs = startMoneyJobs({
      db: demo.db,
      clock: demo.clock,
      everySeconds: 0,
      sandboxDelaySeconds: null,
      log: demo.app.log,
    });
    await jobs.runOnce();
    const summary = async (ctx: TestContext) => (await get(ctx, '/wallet/summary', owner.jwt)).json().result;
    const before = await summary(production);
    expect(before).toMatchObject({ withdrawable: 4925, payoutProvider: null });

    const refused = await post(production, '/wallet/withdraw', undefined, {
      ...bearer(owner.jwt),
      'idempotency-key': randomUUID(),
    });
    expect(refused.statusCode).toBe(478);
    expect(refused.json()).toEqual({ code: 1104022, message: 'Payouts are not set up on this server.' });
    expect(await summary(production)).toEqual(before);
    const rows = await demo.db.execute(sql`select id from withdrawals where merchant_id = ${merchantId}`);
    expect(rows.rows).toEqual([]);

    // The demo's sandbox provider takes it; a job without the sandbox never completes its payout.
    expect((await summary(demo)).payoutProvider).toEqual({ name: 'sandbox', sandbox: true });
    const taken = await post(demo, '/wallet/withdraw', undefined, {
      ...bearer(owner.jwt),
      'idempotency-key': randomUUID(),
    });
    expect(taken.json().result).toMatchObject({ status: 'processing', provider: 'sandbox' });
    demo.clock.advance(3_600_000);
    await jobs.runOnce();
    expect((await get(demo, `/wallet/withdraw-record/${taken.json().result.id}`, owner.jwt)).json().result.status).toBe(
      'processing',
    );
  });
});

describe('LINE_PAY_API_URL', () => {
  it("defaults to LINE Pay's live API in production and to its sandbox in the demo", () => {
    expect(loadConfig({}).LINE_PAY_API_URL).toBe('https://api-pay.line.me');
    expect(loadConfig({ MODE: 'demo' }).LINE_PAY_API_URL).toBe('https://sandbox-api-pay.line.me');
    expect(loadConfig({ LINE_PAY_API_URL: 'https://pay.example.test' }).LINE_PAY_API_URL).toBe(
      'https://pay.example.test',
    );
  });
});
