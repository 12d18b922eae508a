import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardDesk } from '../src/modules/cards/service';
import { cardShop } from './helpers/card-shop';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const hour = 3_600_000;
const desk = () => createCardDesk({ db: ctx.db, clock: ctx.clock, lockWaitMs: 300 });
const charge = (hwid: string, card: string, amount: number, requestId = randomUUID()) =>
  desk().authorize({ hwid, requestId, card, amount });

type Shop = Awaited<ReturnType<typeof cardShop>>;

/** A spending bonus running from now on the shop's first `bound` machines. */
async function bonusOn(shop: Shop, rules: Record<string, unknown>, bound = 2) {
  const created = await shop.call('POST', '/promotion', {
    name: 'Spend and get',
    category: 'spending_bonus',
    startAt: ctx.clock.now().toISOString(),
    endAt: null,
    spendingBonus: { within: 'visit', periodDays: null, bonusKind: 'credit', ...rules },
  });
  expect(created.statusCode, created.body).toBe(200);
  const promotion = created.json().result as { id: number };
  const deviceIds = shop.machines.slice(0, bound).map((m) => m.device.id);
  const binding = await shop.call('PUT', `/promotion/${promotion.id}/binding`, { deviceIds, placeIds: [] });
  expect(binding.statusCode, binding.body).toBe(200);
  return promotion;
}

const bonusEntries = async (cardId: number) =>
  (
    await ctx.db.execute<{ balance: number; points: number; source: string }>(sql`
      select balance_change::int as balance, point_change::int as points, source_id as source
        from card_entries where card_id = ${cardId} and kind = 'promotionBonus' order by id`)
  ).rows;

/** The card's totals (read from the table: the owner's token expires when the clock runs for days). */
const cardOf = async (_shop: Shop, id: number) =>
  (
    await ctx.db.execute<{ balance: number; reward: number; point: number }>(
      sql`select balance::int, reward::int, point::int from cards where id = ${id}`,
    )
  ).rows[0]!;

describe('spending bonuses on the card ledger', () => {
  it('credits the bonus once when a visit’s spend at the promotion’s machines reaches the threshold', async () => {
    const shop = await cardShop(ctx, { machines: 3 });
    const promotion = await bonusOn(shop, { minSpend: 10000, bonusValue: 1000 });
    const card = await shop.issue(30000); // + 2000 tier reward
    const [washer, dryer, unbound] = shop.machines.map((m) => m.hwid);

    expect(await charge(washer!, card.number, 6000)).toMatchObject({ result: '0000' });
    expect(await bonusEntries(card.id)).toEqual([]);
    await charge(unbound!, card.number, 5000); // not the promotion's machine: does not count
    expect(await bonusEntries(card.id)).toEqual([]);
    ctx.clock.advance(hour);
    await charge(dryer!, card.number, 4000);
    expect(await bonusEntries(card.id)).toEqual([
      {
        balance: 1000,
        points: 0,
        source: expect.stringMatching(new RegExp(`^promotion:${promotion.id}:window:\\d+:grant:1$`)),
      },
    ]);
    expect(await cardOf(shop, card.id)).toMatchObject({ balance: 32000 - 15000 + 1000, reward: 3000 });

    await charge(dryer!, card.number, 4000); // the same visit: no second bonus
    expect(await bonusEntries(card.id)).toHaveLength(1);

    ctx.clock.advance(4 * hour); // a new visit earns it again
    await charge(washer!, card.number, 9000);
    await charge(dryer!, card.number, 1000);
    expect((await bonusEntries(card.id)).map((e) => e.balance)).toEqual([1000, 1000]);

    const records = (await shop.call('GET', `/vip-card/record/list?cardId=${card.id}&kind=promotionBonus`)).json();
    expect(records.result.items).toHaveLength(2);
    const audit = await ctx.db.execute(
      sql`select 1 from audit_log where merchant_id = ${shop.merchantId} and action = 'card.promotionBonus'`,
    );
    expect(audit.rows).toHaveLength(2);
  });

  it('gives points within a period of days, once per period', async () => {
    const shop = await cardShop(ctx);
    await bonusOn(shop, { minSpend: 5000, within: 'period', periodDays: 7, bonusKind: 'points', bonusValue: 50 }, 1);
    const card = await shop.issue(50000);
    const hwid = shop.machines[0]!.hwid;
    const before = (await cardOf(shop, card.id)).point;
    await charge(hwid, card.number, 3000);
    ctx.clock.advance(3 * 24 * hour);
    await charge(hwid, card.number, 2000);
    ctx.clock.advance(24 * hour);
    await charge(hwid, card.number, 2000); // same period
    expect((await bonusEntries(card.id)).map((e) => e.points)).toEqual([50]);
    ctx.clock.advance(4 * 24 * hour); // the next period
    await charge(hwid, card.number, 5000);
    expect((await bonusEntries(card.id)).map((e) => e.points)).toEqual([50, 50]);
    // 12 000 spent earns 12 points by the points rule, plus the two bonuses
    expect((await cardOf(shop, card.id)).point).toBe(before + 12 + 100);
  });

  it('takes the bonus back when a qualifying charge is given back, and gives it again when the spend returns', async () => {
    const shop = await cardShop(ctx);
    await bonusOn(shop, { minSpend: 8000, bonusValue: 500 }, 1);
    const card = await shop.issue(30000);
    const hwid = shop.machines[0]!.hwid;
    await charge(hwid, card.number, 5000);
    const requestId = randomUUID();
    await charge(hwid, card.number, 3000, requestId);
    expect((await bonusEntries(card.id)).map((e) => e.balance)).toEqual([500]);

    expect(await desk().void({ hwid, requestId })).toEqual({ result: '0000' });
    expect((await bonusEntries(card.id)).map((e) => e.balance)).toEqual([500, -500]);
    expect(await cardOf(shop, card.id)).toMatchObject({ balance: 32000 - 5000, reward: 2000 });
    await desk().void({ hwid, requestId }); // a repeated void changes nothing
    expect(await bonusEntries(card.id)).toHaveLength(2);

    const again = await charge(hwid, card.number, 3000);
    expect((await bonusEntries(card.id)).map((e) => e.balance)).toEqual([500, -500, 500]);

    // the merchant refunds the sale that reached the threshold: the bonus goes again
    const sale = await ctx.db.execute<{ id: number }>(
      sql`select id::int from transactions where order_id = ${again.orderId}`,
    );
    const refunded = await shop.call('POST', `/transaction/${sale.rows[0]!.id}/refund`, undefined, {
      'idempotency-key': randomUUID(),
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await bonusEntries(card.id)).map((e) => e.balance)).toEqual([500, -500, 500, -500]);
    expect(await cardOf(shop, card.id)).toMatchObject({ balance: 32000 - 5000 });
  });

  it('takes back only what the card still has', async () => {
    const shop = await cardShop(ctx, { machines: 2 });
    await bonusOn(shop, { minSpend: 1000, bonusValue: 5000 }, 1);
    const card = await shop.issue(1000); // no tier reward under 30 000
    const [bound, elsewhere] = shop.machines.map((m) => m.hwid);
    const requestId = randomUUID();
    await charge(bound!, card.number, 600, requestId);
    await charge(bound!, card.number, 400); // 1000 reached: balance 0 + 5000
    await charge(elsewhere!, card.number, 4800); // spends most of the bonus: 200 left
    await desk().void({ hwid: bound!, requestId }); // 600 back: 800; the bonus goes as far as it can
    expect((await bonusEntries(card.id)).map((e) => e.balance)).toEqual([5000, -800]);
    expect((await cardOf(shop, card.id)).balance).toBe(0);
  });

  it('gives nothing under a stopped promotion, nor a credit to a points-only card', async () => {
    const shop = await cardShop(ctx);
    const promotion = await bonusOn(shop, { minSpend: 1000, bonusValue: 100 }, 1);
    const hwid = shop.machines[0]!.hwid;
    const points = await shop.issue(0, { loyaltyType: 'points' });
    await shop.call(
      'POST',
      `/vip-card/${points.id}/adjust`,
      { pointChange: 0, balanceChange: 5000, reason: 'test' },
      { 'idempotency-key': randomUUID() },
    );
    await charge(hwid, points.number, 1000);
    expect(await bonusEntries(points.id)).toEqual([]);

    expect((await shop.call('POST', `/promotion/${promotion.id}/stop`)).statusCode).toBe(200);
    const card = await shop.issue(10000);
    expect(await charge(hwid, card.number, 5000)).toMatchObject({ result: '0000' });
    expect(await bonusEntries(card.id)).toEqual([]);
  });

  it('adds a running top-up reward to a top-up at the counter that reaches its amount, on top of the tier’s', async () => {
    const shop = await cardShop(ctx);
    const created = await shop.call('POST', '/promotion', {
      name: 'Top up 300, get 40',
      category: 'deposit_reward',
      startAt: ctx.clock.now().toISOString(),
      endAt: null,
      depositRewardAmount: 30000,
      depositRewardFeedback: 4000,
    });
    const promotion = created.json().result as { id: number };
    await shop.call('PUT', `/promotion/${promotion.id}/binding`, { deviceIds: [shop.machines[0]!.device.id] });
    const small = await shop.issue(20000); // under both thresholds
    const large = await shop.issue(30000); // tier 2000 + promotion 4000
    expect(await cardOf(shop, small.id)).toMatchObject({ balance: 20000, reward: 0 });
    expect(await cardOf(shop, large.id)).toMatchObject({ balance: 36000, reward: 6000 });
  });
});
