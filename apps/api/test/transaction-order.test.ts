import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../src/db/schema';
import { bearer, memberOf } from './helpers/fixtures';
import { eventually } from './helpers/devices';
import { insertSale } from './helpers/sales';
import { createTestApp, fastDeviceEnv, type TestContext } from './helpers/test-app';
import { checkoutShop } from './helpers/checkout-shop';
import { TestDevice } from './helpers/test-device';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ ...fastDeviceEnv }, undefined, { gateway: true });
  ctx.clock.set(new Date());
});
afterAll(async () => ctx?.close());

const devicesToClose: TestDevice[] = [];
afterAll(async () => Promise.all(devicesToClose.map((d) => d.close())));

const shop = () => checkoutShop(ctx, devicesToClose);

const orderOf = async (orderId: string) => (await ctx.app.inject({ url: `/api/v1/checkout/order/${orderId}` })).json();

/** Order → sandbox approve → return → the machine takes the credit and starts. */
async function startedOrder(s: Awaited<ReturnType<typeof shop>>): Promise<string> {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/checkout/order',
    payload: { deviceId: s.deviceId, course: 'standard', gateway: 'LinePay', clientRequestId: randomUUID() },
  });
  const { orderId, redirectUrl } = created.json().result;
  const decided = await ctx.app.inject({
    method: 'POST',
    url: new URL(redirectUrl).pathname,
    payload: 'outcome=approve',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const returnUrl = new URL(decided.headers.location as string);
  await ctx.app.inject({ url: `${returnUrl.pathname}${returnUrl.search}` });
  await s.device.nextCommand('paidStart');
  await eventually(async () => (await orderOf(orderId)).result.status === 'started');
  return orderId;
}

const saleIdOf = async (merchantId: number, orderId: string) =>
  (
    await ctx.db.execute<{ id: number }>(
      sql`select id::int from transactions where merchant_id = ${merchantId} and order_id = ${orderId}`,
    )
  ).rows[0]!.id;

const detail = (id: number, jwt: string) => ctx.app.inject({ url: `/api/v1/transaction/${id}`, headers: bearer(jwt) });

describe('the order behind a checkout sale', () => {
  it('shows the order and its steps in the transaction detail, and the refund as its last step', async () => {
    const s = await shop();
    const orderId = await startedOrder(s);
    const id = await saleIdOf(s.merchantId, orderId);

    const answer = await detail(id, s.owner.jwt);
    expect(answer.statusCode).toBe(200);
    const order = answer.json().result.order;
    expect(order).toMatchObject({ orderId, status: 'started', gateway: 'LinePay', provider: 'sandbox', reason: null });
    expect(order.history.map((step: { status: string }) => step.status)).toEqual([
      'created',
      'paid',
      'credited',
      'started',
    ]);
    const times = order.history.map((step: { at: string }) => Date.parse(step.at));
    expect(times.every((t: number) => Number.isFinite(t))).toBe(true);
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    const refunded = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/transaction/${id}/refund`,
      headers: bearer(s.owner.jwt),
    });
    expect(refunded.json().result.order).toMatchObject({ orderId, status: 'refunded' });
    const after = (await detail(id, s.owner.jwt)).json().result.order;
    expect(after.history.map((step: { status: string }) => step.status)).toEqual([
      'created',
      'paid',
      'credited',
      'started',
      'refunded',
    ]);
  });

  it('is not shown to another merchant, not even through a sale of theirs naming the same order id', async () => {
    const s = await shop();
    const orderId = await startedOrder(s);
    const id = await saleIdOf(s.merchantId, orderId);

    const other = await memberOf(ctx, 'merchant');
    expect((await detail(id, other.jwt)).json().code).toBe(10005);

    const theirs = await insertSale(ctx.db, { merchantId: other.merchant.id, createdAt: new Date() });
    await ctx.db.update(transactions).set({ orderId }).where(eq(transactions.id, theirs.id));
    const seen = (await detail(theirs.id, other.jwt)).json().result;
    expect(seen.orderId).toBe(orderId);
    expect(seen.order).toBeNull();
  });

  it('has no order for a sale no checkout paid for', async () => {
    const s = await shop();
    const sale = await insertSale(ctx.db, { merchantId: s.merchantId, payGateway: 'offline', createdAt: new Date() });
    expect((await detail(sale.id, s.owner.jwt)).json().result.order).toBeNull();
  });
});
