import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredentialStore } from '../src/payments/credentials';
import { PaymentFailed, type PaymentGateway } from '../src/payments/gateway';
import { createPaymentGateways } from '../src/payments/gateways';
import { sharedSecret } from '../src/lib/secrets';
import { bearer, createUser, memberOf, merchantToken } from './helpers/fixtures';
import { startLinePayServer, type LinePayServer } from './helpers/line-pay-server';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let linePay: LinePayServer;
let gateways: ReturnType<typeof createPaymentGateways>;
const channelSecret = 'f3c1e9a0b7d24c55a1e0c2b4d6f8a9e1';

beforeAll(async () => {
  ctx = await createTestApp();
  linePay = await startLinePayServer({ '1656000002': channelSecret });
  const sandbox = {
    db: ctx.db,
    clock: ctx.clock,
    signingKey: await sharedSecret(ctx.db, 'sandbox-payment-signing-key'),
    publicUrl: 'http://127.0.0.1:9',
  };
  const credentials = createCredentialStore(await sharedSecret(ctx.db, 'payment-credentials-key'));
  gateways = createPaymentGateways({ db: ctx.db, sandbox, credentials, linePayBaseUrl: linePay.baseUrl });
});
afterAll(async () => {
  await linePay?.close();
  await ctx?.close();
});

let orderNumber = 0;
const newOrder = () => ({ orderId: `O-${++orderNumber}`, amount: 12_345, currency: 'TWD' });
const links = { description: 'Dryer 40 min', returnUrl: 'https://shop.test/r?x=1', cancelUrl: 'https://shop.test/c' };
const pagePath = (redirectUrl: string) => new URL(redirectUrl).pathname;

async function sandboxFor() {
  const { merchant } = await memberOf(ctx, 'merchant');
  return gateways.forMerchant(merchant.id, 'sandbox');
}

async function decided(gateway: PaymentGateway, outcome: 'approve' | 'decline', form = true) {
  const order = newOrder();
  const created = await gateway.createPayment({ ...order, ...links, lang: 'en' });
  const response = await ctx.app.inject({
    method: 'POST',
    url: pagePath(created.redirectUrl),
    ...(form
      ? { payload: `outcome=${outcome}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } }
      : { payload: { outcome } }),
  });
  expect(response.statusCode).toBe(302);
  const back = new URL(response.headers.location as string);
  return { order, created, back, callback: Object.fromEntries(back.searchParams) };
}

const refused = (promise: Promise<unknown>) =>
  expect(promise).rejects.toSatisfy((error) => error instanceof PaymentFailed && error.code === 10010);

describe('GET /pay/sandbox/:paymentId', () => {
  it('shows the amount, the order and the SANDBOX label, with Approve and Decline', async () => {
    const gateway = await sandboxFor();
    const created = await gateway.createPayment({ ...newOrder(), ...links, lang: 'en' });
    expect(created.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:9\/api\/v1\/pay\/sandbox\/sbx_/);
    const page = await ctx.app.inject({ url: pagePath(created.redirectUrl) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('SANDBOX — no real money');
    expect(page.body).toContain('NT$123.45');
    expect(page.body).toContain('Dryer 40 min');
    expect(page.body).toMatch(/value="approve"[\s\S]*value="decline"/);
  });

  it('escapes what the shop wrote, and answers 10005 for an unknown payment', async () => {
    const gateway = await sandboxFor();
    const created = await gateway.createPayment({
      ...newOrder(),
      ...links,
      description: '<script>x</script>',
      lang: 'en',
    });
    expect((await ctx.app.inject({ url: pagePath(created.redirectUrl) })).body).toContain('&lt;script&gt;');
    const unknown = await ctx.app.inject({ url: '/api/v1/pay/sandbox/sbx_0000000000000000000000' });
    expect(unknown.json().code).toBe(10005);
  });
});

describe('sandbox gateway', () => {
  it('approve: back to the return URL with a signed confirmation that confirms the payment', async () => {
    const gateway = await sandboxFor();
    const { order, created, back, callback } = await decided(gateway, 'approve');
    expect(back.origin + back.pathname).toBe('https://shop.test/r');
    expect(callback).toMatchObject({
      x: '1',
      outcome: 'approve',
      amount: '12345',
      currency: 'TWD',
      orderId: order.orderId,
    });
    expect((await gateway.query({ providerPaymentId: created.providerPaymentId })).status).toBe('pending');
    expect(gateway.readCallback(callback)).toEqual({
      providerPaymentId: created.providerPaymentId,
      orderId: order.orderId,
    });
    const confirmed = await gateway.confirm({ expected: order, callback });
    expect(confirmed).toEqual({
      providerPaymentId: created.providerPaymentId,
      status: 'paid',
      amount: 12_345,
      currency: 'TWD',
      firstConfirmation: true,
    });
    expect(await gateway.query({ orderId: order.orderId })).toMatchObject({ status: 'paid', amount: 12_345 });
  });

  it('takes the same confirmation three times once', async () => {
    const gateway = await sandboxFor();
    const { order, callback } = await decided(gateway, 'approve', false);
    const answers = await Promise.all([1, 2, 3].map(() => gateway.confirm({ expected: order, callback })));
    expect(answers.map((a) => a.status)).toEqual(['paid', 'paid', 'paid']);
    expect(answers.filter((a) => a.firstConfirmation)).toHaveLength(1);
  });

  it('refuses a bad signature, another amount or currency, and another order', async () => {
    const gateway = await sandboxFor();
    const { order, created, callback } = await decided(gateway, 'approve');
    await refused(gateway.confirm({ expected: order, callback: { ...callback, signature: `${callback.signature}x` } }));
    await refused(gateway.confirm({ expected: order, callback: { ...callback, amount: '1' } }));
    await refused(gateway.confirm({ expected: { ...order, amount: 1 }, callback }));
    await refused(gateway.confirm({ expected: { ...order, currency: 'USD' }, callback }));
    await refused(gateway.confirm({ expected: order, callback: { ...callback, currency: 'USD' } }));
    await refused(gateway.confirm({ expected: order, callback: { ...callback, outcome: 'decline' } }));
    await refused(gateway.confirm({ expected: { ...order, orderId: 'O-other' }, callback }));
    expect((await gateway.query({ providerPaymentId: created.providerPaymentId })).status).toBe('pending');
    // Another merchant's gateway does not know the payment.
    await refused((await sandboxFor()).confirm({ expected: order, callback }));
  });

  it('decline: back to the cancel URL, the payment failed, and the page cannot be used again', async () => {
    const gateway = await sandboxFor();
    const { order, created, back, callback } = await decided(gateway, 'decline');
    expect(back.origin + back.pathname).toBe('https://shop.test/c');
    expect(await gateway.confirm({ expected: order, callback })).toMatchObject({ status: 'failed' });
    expect((await gateway.query({ providerPaymentId: created.providerPaymentId })).status).toBe('failed');
    const again = await ctx.app.inject({
      method: 'POST',
      url: pagePath(created.redirectUrl),
      payload: { outcome: 'approve' },
    });
    expect(again.json().code).toBe(10010);
    // A forged approval of the declined payment does not verify.
    await refused(gateway.confirm({ expected: order, callback: { ...callback, outcome: 'approve' } }));
  });

  it('refunds a paid payment up to its amount', async () => {
    const gateway = await sandboxFor();
    const { order, created, callback } = await decided(gateway, 'approve');
    await refused(gateway.refund(created.providerPaymentId, 100));
    await gateway.confirm({ expected: order, callback });
    expect((await gateway.refund(created.providerPaymentId, 10_000)).refundId).toMatch(/^sbr_/);
    await refused(gateway.refund(created.providerPaymentId, 2_346));
    await gateway.refund(created.providerPaymentId, 2_345);
    expect(await gateway.query({ providerPaymentId: created.providerPaymentId })).toMatchObject({
      status: 'refunded',
      refunded: 12_345,
    });
  });

  it('refuses a second payment for one order, and a non-positive amount', async () => {
    const gateway = await sandboxFor();
    const order = newOrder();
    await gateway.createPayment({ ...order, ...links, lang: 'en' });
    await refused(gateway.createPayment({ ...order, ...links, lang: 'en' }));
    await refused(gateway.createPayment({ ...newOrder(), amount: 0, ...links, lang: 'en' }));
  });
});

describe('PUT /admin/merchant/payment-credentials/:provider', () => {
  const url = '/api/v1/admin/merchant/payment-credentials/linePay';
  const credentials = { channelId: '1656000002', channelSecret };

  async function agentAndOwner() {
    const owner = await memberOf(ctx, 'merchant');
    const root = await createUser(ctx.db, { isRoot: true });
    return { owner, merchantId: owner.merchant.id, rootJwt: await merchantToken(ctx, root.id, owner.merchant.id) };
  }

  it('stores the secret encrypted and never answers it', async () => {
    const { merchantId, rootJwt } = await agentAndOwner();
    const before = await ctx.app.inject({ url, headers: bearer(rootJwt) });
    expect(before.json().result).toEqual({ provider: 'linePay', set: false, channelId: null, updatedAt: null });
    const saved = await ctx.app.inject({ method: 'PUT', url, headers: bearer(rootJwt), payload: credentials });
    expect(saved.json().result).toMatchObject({ provider: 'linePay', set: true, channelId: '1656000002' });
    expect(saved.body).not.toContain(channelSecret);
    const read = await ctx.app.inject({ url, headers: bearer(rootJwt) });
    expect(read.json().result).toMatchObject({ set: true, channelId: '1656000002' });
    expect(read.body).not.toContain(channelSecret);

    const rows = await ctx.db.execute(
      sql`select * from merchant_payment_credentials where merchant_id = ${merchantId}`,
    );
    expect(rows.rows).toHaveLength(1);
    const stored = JSON.stringify(rows.rows[0]);
    expect(stored).not.toContain(channelSecret);
    expect(stored).not.toContain(Buffer.from(channelSecret).toString('base64'));
    const audit = await ctx.db.execute(sql`select after from audit_log where merchant_id = ${merchantId}`);
    expect(JSON.stringify(audit.rows)).not.toContain(channelSecret);
    expect(audit.rows).toEqual([{ after: { provider: 'linePay', channelId: '1656000002' } }]);
  });

  it('is refused to the merchant owner (1104016), who cannot read them either', async () => {
    const { owner } = await agentAndOwner();
    const put = await ctx.app.inject({ method: 'PUT', url, headers: bearer(owner.jwt), payload: credentials });
    expect(put.json().code).toBe(1104016);
    expect((await ctx.app.inject({ url, headers: bearer(owner.jwt) })).json().code).toBe(1104016);
  });

  it('gives the merchant a LINE Pay gateway signed with the stored secret, and none without it', async () => {
    const { merchantId, rootJwt } = await agentAndOwner();
    await expect(gateways.forMerchant(merchantId, 'linePay')).rejects.toBeInstanceOf(PaymentFailed);
    await ctx.app.inject({ method: 'PUT', url, headers: bearer(rootJwt), payload: credentials });
    const gateway = await gateways.forMerchant(merchantId, 'linePay');
    // LINE Pay takes TWD in whole dollars: 12,300 minor units are 123.
    const created = await gateway.createPayment({ ...newOrder(), amount: 12_300, ...links, lang: 'zh-TW' });
    expect(linePay.payments.get(created.providerPaymentId)).toMatchObject({ amount: 123, currency: 'TWD' });
  });
});
