import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPayments } from '../src/db/schema';
import { sharedSecret } from '../src/lib/secrets';
import { signSandboxDecision } from '../src/payments/sandbox-signature';
import { bearer } from './helpers/fixtures';
import { eventually } from './helpers/devices';
import { createTestApp, fastDeviceEnv, type TestContext } from './helpers/test-app';
import { checkoutShop } from './helpers/checkout-shop';
import { TestDevice } from './helpers/test-device';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp(fastDeviceEnv, undefined, { gateway: true });
  ctx.clock.set(new Date());
});
afterAll(async () => ctx?.close());

const devicesToClose: TestDevice[] = [];
afterAll(async () => Promise.all(devicesToClose.map((d) => d.close())));

const shop = () => checkoutShop(ctx, devicesToClose);

const machine = async (query: { deviceId?: number; hwid?: string }) =>
  (await ctx.app.inject({ url: '/api/v1/checkout/machine', query: query as Record<string, string> })).json();

const create = (deviceId: number, overrides: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/checkout/order',
    payload: { deviceId, course: 'standard', gateway: 'LinePay', clientRequestId: randomUUID(), ...overrides },
  });

const orderOf = async (orderId: string) => (await ctx.app.inject({ url: `/api/v1/checkout/order/${orderId}` })).json();

/** The consumer chooses on the sandbox page; answers the return address the sandbox sends them to. */
async function decide(redirectUrl: string, outcome: 'approve' | 'decline') {
  const response = await ctx.app.inject({
    method: 'POST',
    url: new URL(redirectUrl).pathname,
    payload: `outcome=${outcome}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(response.statusCode).toBe(302);
  return new URL(response.headers.location as string);
}

const back = (returnUrl: URL) => ctx.app.inject({ url: `${returnUrl.pathname}${returnUrl.search}` });

const salesOf = async (merchantId: number) =>
  (
    await ctx.db.execute<{ id: number; status: number; total: number; refund: number; order_id: string | null }>(
      sql`select id::int, status::int, total::int, refund::int, order_id, pay_gateway, fee::int, collected::int
            from transactions where merchant_id = ${merchantId} order by id`,
    )
  ).rows;

const sandboxStateOf = async (orderId: string) =>
  (await ctx.db.select().from(sandboxPayments).where(eq(sandboxPayments.orderId, orderId)))[0];

/** Machine view → order → sandbox approve → return: the order is paid. */
async function paidOrder(s: Awaited<ReturnType<typeof shop>>) {
  const started = (await create(s.deviceId)).json().result;
  const returnUrl = await decide(started.redirectUrl, 'approve');
  const answer = await back(returnUrl);
  return { ...started, returnUrl, answer };
}

describe('GET /checkout/machine', () => {
  it('shows a free machine with its courses, prices and the sandbox method, by hwid or device id', async () => {
    const s = await shop();
    const byHwid = await machine({ hwid: s.hwid });
    expect(byHwid.result).toEqual({
      device: { id: s.deviceId, name: 'Washer 1', machineType: 1, kind: 'washer' },
      place: { id: s.place.id, title: 'Sunny Laundry', address: 'No. 1, Test Road' },
      merchant: { name: 'Test Laundry', currency: 'TWD' },
      state: 'free',
      courses: [
        { code: 'standard', name: 'Standard', price: 6000 },
        { code: 'quick', name: 'quick', price: 5000 },
      ],
      offer: { way: 'course' },
      methods: [{ gateway: 'LinePay', sandbox: true }],
      paymentSetUp: true,
      canPay: true,
      canTopUp: false,
    });
    expect((await machine({ deviceId: s.deviceId })).result).toEqual(byHwid.result);
  });

  it('tells in use, fault and offline apart, and cannot pay then', async () => {
    const s = await shop();
    await s.device.state({ status: 'operating' });
    await eventually(async () => (await machine({ deviceId: s.deviceId })).result.state === 'inUse');
    await s.device.state({ status: 'idle', errorCode: 1702001 });
    const fault = await eventually(async () => {
      const m = (await machine({ deviceId: s.deviceId })).result;
      return m.state === 'fault' && m;
    });
    expect(fault.canPay).toBe(false);
    await s.device.shutdown();
    await eventually(async () => (await machine({ deviceId: s.deviceId })).result.state === 'offline');
    expect((await create(s.deviceId)).json().code).toBe(1702001);
  });

  it('answers DEVICE_NOT_FOUND for an unknown or unbound machine', async () => {
    expect((await machine({ hwid: 'NOPE-1' })).code).toBe(1102004);
    expect((await machine({ deviceId: 2_000_000 })).code).toBe(1102004);
  });
});

describe('a checkout payment, start to end', () => {
  it('pays, records one sale with its order id, credits and starts the machine, and matches its sale report', async () => {
    const s = await shop();
    const started = (await create(s.deviceId)).json().result;
    expect(started.orderId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(started.redirectUrl).toMatch(/\/api\/v1\/pay\/sandbox\/sbx_/);
    expect((await orderOf(started.orderId)).result).toMatchObject({ status: 'created', amount: 6000 });

    const returnUrl = await decide(started.redirectUrl, 'approve');
    expect(returnUrl.pathname).toBe(`/api/v1/checkout/order/${started.orderId}/return`);
    const answer = await back(returnUrl);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(`/custom/checkout-result?orderId=${started.orderId}`);

    const sales = await salesOf(s.merchantId);
    expect(sales).toMatchObject([
      {
        status: 1,
        total: 6000,
        refund: 0,
        order_id: started.orderId,
        pay_gateway: 'LinePay',
        collected: 6000,
        fee: 180,
      },
    ]);
    const command = await s.device.nextCommand('paidStart');
    expect(command.params).toEqual({
      orderId: started.orderId,
      course: 'standard',
      amount: 6000,
      payGateway: 'LinePay',
    });
    const order = await eventually(async () => {
      const o = (await orderOf(started.orderId)).result;
      return o.status === 'started' && o;
    });
    expect(order.history.map((h: { status: string }) => h.status)).toEqual(['created', 'paid', 'credited', 'started']);
    expect(order).toMatchObject({
      reason: null,
      course: { code: 'standard', name: 'Standard' },
      place: { title: 'Sunny Laundry' },
    });

    // The machine reports the sale with the order id: verified, and still one transaction.
    await s.device.event({
      kind: 'sale',
      amount: 6000,
      payGateway: 'LinePay',
      orderId: started.orderId,
      course: 'standard',
    });
    const event = await eventually(async () => {
      const rows = await ctx.db.execute<{ n: number }>(
        sql`select count(*)::int as n from device_events where hwid = ${s.hwid} and kind = 'sale'`,
      );
      return rows.rows[0]!.n === 1;
    });
    expect(event).toBe(true);
    expect(await salesOf(s.merchantId)).toMatchObject([{ status: 1, order_id: started.orderId }]);
    const list = (await ctx.app.inject({ url: '/api/v1/transaction/list', headers: bearer(s.owner.jwt) })).json()
      .result;
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ orderId: started.orderId, total: 6000 });
  });

  it('answers the same order to a repeated create, and one sale to three returns', async () => {
    const s = await shop();
    const clientRequestId = randomUUID();
    const first = (await create(s.deviceId, { clientRequestId })).json().result;
    const again = (await create(s.deviceId, { clientRequestId })).json().result;
    expect(again).toEqual(first);
    const returnUrl = await decide(first.redirectUrl, 'approve');
    const answers = await Promise.all([back(returnUrl), back(returnUrl), back(returnUrl)]);
    expect(answers.map((a) => a.headers.location)).toEqual(
      Array(3).fill(`/custom/checkout-result?orderId=${first.orderId}`),
    );
    expect(await salesOf(s.merchantId)).toHaveLength(1);
    await eventually(async () => (await orderOf(first.orderId)).result.status === 'started');
    await back(returnUrl);
    expect(await salesOf(s.merchantId)).toHaveLength(1);
    expect(s.device.commands.filter((c) => c.action === 'paidStart')).toHaveLength(1);
  });

  it('refuses a confirmation with a bad signature or another amount: the order stays unpaid', async () => {
    const s = await shop();
    const started = (await create(s.deviceId)).json().result;
    const returnUrl = await decide(started.redirectUrl, 'approve');
    const forged = new URL(returnUrl);
    forged.searchParams.set('signature', 'A'.repeat(43));
    expect((await back(forged)).statusCode).toBe(302);
    const cheaper = new URL(returnUrl);
    const paymentId = cheaper.searchParams.get('paymentId')!;
    const key = await sharedSecret(ctx.db, 'sandbox-payment-signing-key');
    cheaper.searchParams.set('amount', '100');
    cheaper.searchParams.set(
      'signature',
      signSandboxDecision(key, { paymentId, amount: 100, currency: 'TWD', outcome: 'approve' }),
    );
    expect((await back(cheaper)).statusCode).toBe(302);
    expect((await orderOf(started.orderId)).result.status).toBe('created');
    expect(await salesOf(s.merchantId)).toEqual([]);
    expect((await sandboxStateOf(started.orderId))?.state).toBe('approved');
  });

  it('marks a declined payment failed, with no sale', async () => {
    const s = await shop();
    const started = (await create(s.deviceId)).json().result;
    const returnUrl = await decide(started.redirectUrl, 'decline');
    expect(returnUrl.searchParams.get('cancelled')).toBe('1');
    expect((await back(returnUrl)).headers.location).toBe(`/custom/checkout-result?orderId=${started.orderId}`);
    expect((await orderOf(started.orderId)).result).toMatchObject({ status: 'failed', reason: 'declined' });
    expect(await salesOf(s.merchantId)).toEqual([]);
  });

  it('takes the price from the template, and refuses a course the machine has not', async () => {
    const s = await shop();
    // An amount from the browser is not read.
    const order = (await create(s.deviceId, { course: 'quick', amount: 1 })).json().result;
    expect((await orderOf(order.orderId)).result.amount).toBe(5000);
    expect((await create(s.deviceId, { course: 'heavy' })).statusCode).toBe(400);
  });
});

describe('a paid start the machine does not take', () => {
  it('refunds when the machine does not answer', async () => {
    const s = await shop();
    s.device.answer = (command) => (command.action === 'paidStart' ? null : { ok: true });
    const paid = await paidOrder(s);
    const order = await eventually(async () => {
      const o = (await orderOf(paid.orderId)).result;
      return o.status === 'refunded' && o;
    });
    expect(order.reason).toBe('noAnswer');
    expect(order.history.map((h: { status: string }) => h.status)).toEqual(['created', 'paid', 'refunded']);
    expect(await salesOf(s.merchantId)).toMatchObject([{ status: 98, total: 6000, refund: 6000 }]);
    expect(await sandboxStateOf(paid.orderId)).toMatchObject({ state: 'refunded', refunded: 6000 });
  });

  it('refunds when the machine is busy', async () => {
    const s = await shop();
    s.device.answer = (command) => (command.action === 'paidStart' ? { ok: false, code: 1710001 } : { ok: true });
    const paid = await paidOrder(s);
    const order = await eventually(async () => {
      const o = (await orderOf(paid.orderId)).result;
      return o.status === 'refunded' && o;
    });
    expect(order.reason).toBe('busy');
    expect(await salesOf(s.merchantId)).toMatchObject([{ status: 98, refund: 6000 }]);
    expect((await sandboxStateOf(paid.orderId))?.refunded).toBe(6000);
  });
});

describe('POST /transaction/:id/refund of a checkout sale', () => {
  it('refunds at the gateway first, then marks the sale and the order refunded', async () => {
    const s = await shop();
    const paid = await paidOrder(s);
    await eventually(async () => (await orderOf(paid.orderId)).result.status === 'started');
    const [sale] = await salesOf(s.merchantId);
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/transaction/${sale!.id}/refund`,
      headers: bearer(s.owner.jwt),
    });
    expect(refund.statusCode).toBe(200);
    // The refunded sale shows its refund: no posting to expect, no payment fee.
    expect(refund.json().result).toMatchObject({ status: 98, refund: 6000, expectPostingAt: null, fee: 0 });
    expect(refund.json().result.refundedAt).not.toBeNull();
    expect(await salesOf(s.merchantId)).toMatchObject([{ status: 98, refund: 6000 }]);
    expect(await sandboxStateOf(paid.orderId)).toMatchObject({ state: 'refunded', refunded: 6000 });
    expect((await orderOf(paid.orderId)).result.status).toBe('refunded');
  });

  it('changes nothing when the gateway refuses the refund (10010)', async () => {
    const s = await shop();
    const paid = await paidOrder(s);
    await eventually(async () => (await orderOf(paid.orderId)).result.status === 'started');
    // The payment was already refunded at the provider (by its own back office): the refund is refused.
    await ctx.db
      .update(sandboxPayments)
      .set({ state: 'refunded', refunded: 6000 })
      .where(eq(sandboxPayments.orderId, paid.orderId));
    const [sale] = await salesOf(s.merchantId);
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/transaction/${sale!.id}/refund`,
      headers: bearer(s.owner.jwt),
    });
    expect(refund.json().code).toBe(10010);
    expect(await salesOf(s.merchantId)).toMatchObject([{ status: 1, refund: 0 }]);
    expect((await orderOf(paid.orderId)).result.status).toBe('started');
  });
});

describe('orders that are not there', () => {
  it('answers DATA_NOT_FOUND for an unknown order, and a device cannot claim another merchant’s order', async () => {
    expect((await orderOf('unknown-order-id-000000')).code).toBe(10005);
    expect((await ctx.app.inject({ url: '/api/v1/checkout/order/unknown-order-id-000000/return' })).json().code).toBe(
      10005,
    );
    const a = await shop();
    const b = await shop();
    const paid = await paidOrder(a);
    await eventually(async () => (await orderOf(paid.orderId)).result.status === 'started');
    await b.device.event({ kind: 'sale', amount: 6000, payGateway: 'LinePay', orderId: paid.orderId });
    const sales = await eventually(async () => {
      const rows = await salesOf(b.merchantId);
      return rows.length === 1 && rows;
    });
    expect(sales).toMatchObject([{ status: 97 }]);
  });
});
