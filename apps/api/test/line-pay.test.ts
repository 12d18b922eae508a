import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentFailed, type PaymentGateway } from '../src/payments/gateway';
import { createLinePayClient } from '../src/payments/line-pay-client';
import { linePayGateway } from '../src/payments/line-pay';
import { linePaySignature } from '../src/payments/line-pay-signature';
import { startLinePayServer, type LinePayServer } from './helpers/line-pay-server';

const channelId = '1656000001';
const channelSecret = 'a917ab6a2367b536f8e5a6e2977e06f4';
let server: LinePayServer;
let gateway: PaymentGateway;
let orderNumber = 0;

beforeAll(async () => {
  server = await startLinePayServer({ [channelId]: channelSecret });
  gateway = linePayGateway(createLinePayClient({ baseUrl: server.baseUrl, channelId, channelSecret }));
});
afterAll(() => server.close());

/** TWD 250.00 in minor units is 250 at LINE Pay. */
const newOrder = () => ({ orderId: `ORD-${Date.now()}-${++orderNumber}`, amount: 25_000, currency: 'TWD' });
const links = {
  description: 'Wash 30 min',
  returnUrl: 'https://shop.test/return',
  cancelUrl: 'https://shop.test/cancel',
};

async function paid() {
  const order = newOrder();
  const created = await gateway.createPayment({ ...order, ...links, lang: 'zh-TW' });
  const back = new URL(server.approve(created.providerPaymentId));
  const callback = Object.fromEntries(back.searchParams);
  const confirmed = await gateway.confirm({ expected: order, callback });
  return { order, created, confirmed, callback };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('should have been refused'),
    (error: unknown) => {
      expect(error).toBeInstanceOf(PaymentFailed);
      expect((error as PaymentFailed).code).toBe(10010);
      return (error as PaymentFailed).providerCode;
    },
  );

describe('LINE Pay request signature', () => {
  it('is the documented Base64(HMAC-SHA256(secret, secret + path + body + nonce))', () => {
    const body = '{"amount":250,"currency":"TWD"}';
    const nonce = '1b3a4c5d-0000-4000-8000-000000000001';
    const independent = createHmac('sha256', channelSecret)
      .update(`${channelSecret}/v3/payments/request${body}${nonce}`)
      .digest('base64');
    expect(linePaySignature(channelSecret, '/v3/payments/request', body, nonce)).toBe(independent);
    expect(independent).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });

  it('signs a GET over the query string', async () => {
    const seen: string[] = [];
    const client = createLinePayClient({
      baseUrl: server.baseUrl,
      channelId,
      channelSecret,
      nonce: () => {
        seen.push('n-1');
        return 'n-1';
      },
    });
    expect((await client.details({ orderId: 'nothing-here' })).returnCode).toBe('1150');
    expect(seen).toEqual(['n-1']);
  });

  it('is refused by LINE Pay (1106) for a tampered body or nonce, and 1104 for an unknown channel', async () => {
    const body = JSON.stringify({ amount: 1, currency: 'TWD', orderId: 'x', packages: [], redirectUrls: {} });
    const nonce = 'nonce-1';
    const signature = linePaySignature(channelSecret, '/v3/payments/request', body, nonce);
    const send = (payload: string, headers: Record<string, string>) =>
      fetch(`${server.baseUrl}/v3/payments/request`, {
        method: 'POST',
        body: payload,
        headers: {
          'content-type': 'application/json',
          'x-line-channelid': channelId,
          'x-line-authorization-nonce': nonce,
          'x-line-authorization': signature,
          ...headers,
        },
      }).then((r) => r.json() as Promise<{ returnCode: string }>);
    expect((await send(body.replace('"amount":1', '"amount":2'), {})).returnCode).toBe('1106');
    expect((await send(body, { 'x-line-authorization-nonce': 'nonce-2' })).returnCode).toBe('1106');
    expect((await send(body, { 'x-line-channelid': '999' })).returnCode).toBe('1104');
    // The untampered request passes the signature and fails only on its content.
    expect((await send(body, {})).returnCode).toBe('2101');
  });
});

describe('LINE Pay gateway', () => {
  it('requests a payment: a payment URL and a 19-digit transaction id kept exactly', async () => {
    const order = newOrder();
    const created = await gateway.createPayment({ ...order, ...links, lang: 'en' });
    expect(created.redirectUrl).toMatch(/\/web\/payment\/wait\?transactionReserveId=/);
    expect(created.providerPaymentId).toMatch(/^\d{19}$/);
    const stored = server.payments.get(created.providerPaymentId);
    expect(stored).toMatchObject({ orderId: order.orderId, amount: 250, currency: 'TWD' });
    expect((await gateway.query({ providerPaymentId: created.providerPaymentId })).status).toBe('pending');
  });

  it('confirms with the order amount: paid, once; a repeat answers paid without confirming again', async () => {
    const { order, created, confirmed, callback } = await paid();
    expect(confirmed).toEqual({
      providerPaymentId: created.providerPaymentId,
      status: 'paid',
      amount: 25_000,
      currency: 'TWD',
      firstConfirmation: true,
    });
    const again = await gateway.confirm({ expected: order, callback });
    expect(again).toMatchObject({ status: 'paid', firstConfirmation: false });
    expect(await gateway.query({ providerPaymentId: created.providerPaymentId })).toEqual({
      providerPaymentId: created.providerPaymentId,
      orderId: order.orderId,
      status: 'paid',
      amount: 25_000,
      currency: 'TWD',
      refunded: 0,
    });
    expect((await gateway.query({ orderId: order.orderId })).providerPaymentId).toBe(created.providerPaymentId);
  });

  it('refuses a confirmation with another amount (1153) and one for another order', async () => {
    const order = newOrder();
    const created = await gateway.createPayment({ ...order, ...links, lang: 'en' });
    const callback = Object.fromEntries(new URL(server.approve(created.providerPaymentId)).searchParams);
    expect(await refusal(gateway.confirm({ expected: { ...order, amount: 100 }, callback }))).toBe('1153');
    await refusal(gateway.confirm({ expected: { ...order, orderId: 'someone-else' }, callback }));
    expect((await gateway.query({ providerPaymentId: created.providerPaymentId })).status).toBe('pending');
    expect((await gateway.confirm({ expected: order, callback })).status).toBe('paid');
  });

  it('refuses to confirm what the consumer has not approved (1169), and reports a cancel', async () => {
    const order = newOrder();
    const created = await gateway.createPayment({ ...order, ...links, lang: 'en' });
    const callback = { transactionId: created.providerPaymentId, orderId: order.orderId };
    expect(await refusal(gateway.confirm({ expected: order, callback }))).toBe('1169');
    server.cancel(created.providerPaymentId);
    expect((await gateway.query({ providerPaymentId: created.providerPaymentId })).status).toBe('cancelled');
  });

  it('refunds: a refund transaction id, never more than was paid (1164), then refunded', async () => {
    const { created } = await paid();
    const first = await gateway.refund(created.providerPaymentId, 10_000);
    expect(first.refundId).toMatch(/^\d{19}$/);
    expect(await refusal(gateway.refund(created.providerPaymentId, 20_000))).toBe('1164');
    expect(await gateway.query({ providerPaymentId: created.providerPaymentId })).toMatchObject({
      status: 'paid',
      refunded: 10_000,
    });
    await gateway.refund(created.providerPaymentId, 15_000);
    expect(await gateway.query({ providerPaymentId: created.providerPaymentId })).toMatchObject({
      status: 'refunded',
      refunded: 25_000,
    });
    expect(await refusal(gateway.refund(created.providerPaymentId, 1_00))).toBe('1165');
  });

  it('refuses a second payment for the same order id (1172) and an amount LINE Pay cannot take (1124)', async () => {
    const order = newOrder();
    await gateway.createPayment({ ...order, ...links, lang: 'en' });
    expect(await refusal(gateway.createPayment({ ...order, ...links, lang: 'en' }))).toBe('1172');
    expect(await refusal(gateway.createPayment({ ...newOrder(), amount: 25_050, ...links, lang: 'en' }))).toBe('1124');
  });

  it('fails with 10010 when LINE Pay cannot be reached', async () => {
    const offline = linePayGateway(
      createLinePayClient({ baseUrl: 'http://127.0.0.1:9', channelId, channelSecret, timeoutMs: 2000 }),
    );
    await refusal(offline.createPayment({ ...newOrder(), ...links, lang: 'en' }));
  });
});
