import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardDesk } from '../src/modules/cards/service';
import { storeEvent } from '../src/modules/gateway/event-repository';
import { cardShop } from './helpers/card-shop';
import { createMerchant } from './helpers/fixtures';
import { createBoundDevice, createPlace } from './helpers/devices';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const desk = () => createCardDesk({ db: ctx.db, clock: ctx.clock, lockWaitMs: 300 });
const charge = (hwid: string, card: string, amount: number, requestId = randomUUID()) =>
  desk().authorize({ hwid, requestId, card, amount });

const saleOf = async (orderId: string) =>
  (
    await ctx.db.execute<Record<string, unknown>>(
      sql`select pay_gateway, status::int, total::int, balance::int, reward::int, refund::int from transactions where order_id = ${orderId}`,
    )
  ).rows;

describe('card payments at machines (the card desk)', () => {
  it('approves a charge the balance covers: one ESVC sale with the balance used, the card charged once', async () => {
    const shop = await cardShop(ctx);
    const card = await shop.issue(10000);
    const answer = await charge(shop.machines[0]!.hwid, card.number, 6000);
    expect(answer).toMatchObject({
      result: '0000',
      payGateway: 'ESVC',
      balanceUsed: 6000,
      rewardUsed: 0,
      balance: 4000,
    });
    expect(await saleOf(answer.orderId!)).toEqual([
      { pay_gateway: 'ESVC', status: 5, total: 6000, balance: 6000, reward: 0, refund: 0 },
    ]);
    const detail = (await shop.call('GET', `/vip-card/${card.id}`)).json().result;
    expect(detail).toMatchObject({ balance: 4000, spent: 6000, point: 6 });
    expect(detail.lastTradeAt).not.toBeNull();
  });

  it('answers a repeated request with the first answer and charges once', async () => {
    const shop = await cardShop(ctx);
    const card = await shop.issue(10000);
    const requestId = randomUUID();
    const first = await charge(shop.machines[0]!.hwid, card.number, 3000, requestId);
    const again = await charge(shop.machines[0]!.hwid, card.number, 3000, requestId);
    expect(again).toMatchObject({ result: '0000', orderId: first.orderId, balanceUsed: 3000 });
    expect((await shop.call('GET', `/vip-card/${card.id}`)).json().result.balance).toBe(7000);
  });

  it('pays with points first when points pay, shown as reward; the rest from the balance', async () => {
    const shop = await cardShop(ctx, { pointValue: 100 });
    const card = await shop.issue(20000);
    await shop.call(
      'POST',
      `/vip-card/${card.id}/adjust`,
      { pointChange: 25, reason: 'welcome points' },
      { 'idempotency-key': randomUUID() },
    );
    const answer = await charge(shop.machines[0]!.hwid, card.number, 6000);
    expect(answer).toMatchObject({ result: '0000', pointsUsed: 25, rewardUsed: 2500, balanceUsed: 3500, point: 3 });
    expect((await saleOf(answer.orderId!))[0]).toMatchObject({ total: 6000, balance: 3500, reward: 2500 });
  });

  it('refuses with the card-reader codes and changes nothing', async () => {
    const shop = await cardShop(ctx);
    const hwid = shop.machines[0]!.hwid;
    const poor = await shop.issue(1000);
    expect(await charge(hwid, poor.number, 6000)).toEqual({ result: '0014' });
    const cancelled = await shop.issue(50000);
    await shop.call('PUT', `/vip-card/${cancelled.id}/status`, { status: 'cancelled' });
    expect(await charge(hwid, cancelled.number, 1000)).toEqual({ result: '0011' });
    const inactive = await shop.issue(0, { activate: false });
    expect(await charge(hwid, inactive.number, 1000)).toEqual({ result: '0016' });
    expect(await charge(hwid, '123456789', 1000)).toEqual({ result: '0007' });
    expect(await charge(hwid, poor.number, 0)).toEqual({ result: '0008' });
    const cards = (await shop.call('GET', '/vip-card/list')).json().result.items as Array<{ spent: number }>;
    expect(cards.every((c) => c.spent === 0)).toBe(true);
    expect((await ctx.db.execute(sql`select 1 from transactions where merchant_id = ${shop.merchantId}`)).rows).toEqual(
      [],
    );
  });

  it("refuses another merchant's card (0007) and a machine at a place that does not take the card (0001)", async () => {
    const shop = await cardShop(ctx);
    const card = await shop.issue(10000);
    const other = await createMerchant(ctx.db);
    const elsewhere = await createBoundDevice(ctx.db, {
      merchantId: other.id,
      placeId: (await createPlace(ctx.db, other.id)).id,
    });
    expect(await charge(elsewhere.hwid, card.number, 1000)).toEqual({ result: '0007' });
    const newPlace = await createPlace(ctx.db, shop.merchantId, 'Not accepting');
    const there = await createBoundDevice(ctx.db, { merchantId: shop.merchantId, placeId: newPlace.id });
    expect(await charge(there.hwid, card.number, 1000)).toEqual({ result: '0001' });
  });

  it('gives a charge back when the machine voids it, once; 0012 for a request it never approved', async () => {
    const shop = await cardShop(ctx);
    const card = await shop.issue(10000);
    const hwid = shop.machines[0]!.hwid;
    const requestId = randomUUID();
    const answer = await charge(hwid, card.number, 4000, requestId);
    expect(await desk().void({ hwid, requestId })).toEqual({ result: '0000' });
    expect(await desk().void({ hwid, requestId })).toEqual({ result: '0000' });
    expect(await desk().void({ hwid, requestId: randomUUID() })).toEqual({ result: '0012' });
    expect((await saleOf(answer.orderId!))[0]).toMatchObject({ status: 98, refund: 4000 });
    const detail = (await shop.call('GET', `/vip-card/${card.id}`)).json().result;
    expect(detail).toMatchObject({ balance: 10000, spent: 0, point: 0 });
  });

  it('refuses an authorize whose void arrived first (another api instance took the void): nothing is charged', async () => {
    const shop = await cardShop(ctx);
    const card = await shop.issue(10000);
    const hwid = shop.machines[0]!.hwid;
    const requestId = randomUUID();
    expect(await desk().void({ hwid, requestId })).toEqual({ result: '0012' });
    expect(await charge(hwid, card.number, 4000, requestId)).toEqual({ result: '0003' });
    expect((await shop.call('GET', `/vip-card/${card.id}`)).json().result.balance).toBe(10000);
  });

  it("the machine's own sale report of an approved charge makes no second sale; an unapproved card sale is unverified", async () => {
    const shop = await cardShop(ctx);
    const card = await shop.issue(10000);
    const hwid = shop.machines[0]!.hwid;
    const answer = await charge(hwid, card.number, 6000);
    const limits = { byMachineType: {}, otherwise: 10_000_000 };
    const event = (orderId: string) => ({
      v: 1 as const,
      eventId: randomUUID().replaceAll('-', ''),
      occurredAt: Date.now(),
      sentAt: Date.now(),
      kind: 'sale' as const,
      amount: 6000,
      payGateway: 'ESVC' as const,
      orderId,
    });
    await storeEvent(ctx.db, hwid, event(answer.orderId!), limits);
    expect(await saleOf(answer.orderId!)).toHaveLength(1);
    await storeEvent(ctx.db, hwid, event('card-forged-order-id'), limits);
    expect((await saleOf('card-forged-order-id'))[0]).toMatchObject({ status: 97 });
  });

  it('answers 0018 (tap again) when another charge holds the card longer than a charge may wait', async () => {
    const shop = await cardShop(ctx);
    const card = await shop.issue(10000);
    const holder = new pg.Client({ connectionString: ctx.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select * from cards where id = $1 for update', [card.id]);
      expect(await charge(shop.machines[0]!.hwid, card.number, 1000)).toEqual({ result: '0018' });
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    expect(await charge(shop.machines[0]!.hwid, card.number, 1000)).toMatchObject({ result: '0000' });
  });

  it("a merchant's refund of a card sale gives the card its balance back, once", async () => {
    const shop = await cardShop(ctx);
    const card = await shop.issue(10000);
    const answer = await charge(shop.machines[0]!.hwid, card.number, 6000);
    const sale = await ctx.db.execute<{ id: number }>(
      sql`select id::int from transactions where order_id = ${answer.orderId}`,
    );
    const id = sale.rows[0]!.id;
    for (let i = 0; i < 2; i += 1) {
      const refunded = await shop.call('POST', `/transaction/${id}/refund`, undefined, {
        'idempotency-key': randomUUID(),
      });
      expect(refunded.statusCode).toBe(200);
    }
    expect((await shop.call('GET', `/vip-card/${card.id}`)).json().result).toMatchObject({ balance: 10000, spent: 0 });
    expect(await desk().void({ hwid: shop.machines[0]!.hwid, requestId: 'nothing' })).toEqual({ result: '0012' });
  });
});
