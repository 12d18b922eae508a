import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardDesk } from '../src/modules/cards/service';
import { cardShop } from './helpers/card-shop';
import { addMember, bearer, createUser, memberOf, merchantToken } from './helpers/fixtures';
import { createPlace } from './helpers/devices';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const key = () => ({ 'idempotency-key': randomUUID() });

describe('member cards: issue, list, detail, status', () => {
  it('issues a physical card and refuses a number already in use (1103004)', async () => {
    const shop = await cardShop(ctx);
    const made = await shop.call('POST', '/vip-card', {
      number: '12345678',
      holderName: 'Amy',
      holderPhone: '+886912345678',
    });
    expect(made.statusCode).toBe(200);
    expect(made.json().result).toMatchObject({
      number: '12345678',
      program: 'vip',
      virtual: false,
      status: 'active',
      holderPhone: '+•••••••••678',
      balance: 0,
    });
    const again = await shop.call('POST', '/vip-card', { number: '12345678' });
    expect(again.json()).toMatchObject({ code: 1103004 });
    // The same number may be an OK card: programs are apart.
    expect((await shop.call('POST', '/vip-card', { number: '12345678', program: 'ok' })).statusCode).toBe(200);
    expect((await shop.call('POST', '/vip-card', { number: '12ab' })).statusCode).toBe(400);
  });

  it('lists by search and by the member sort: open date, last spend, balance, reward, points', async () => {
    const shop = await cardShop(ctx);
    const small = await shop.issue(10_000, { holderName: 'Small Spender' });
    const big = await shop.issue(50_000, { holderName: 'Big Saver' });
    await createCardDesk({ db: ctx.db, clock: ctx.clock }).authorize({
      hwid: shop.machines[0]!.hwid,
      requestId: randomUUID(),
      card: small.number,
      amount: 1_000,
    });
    const list = async (query: string) =>
      (await shop.call('GET', `/vip-card/list?${query}`)).json().result.items.map((c: { id: number }) => c.id);
    expect(await list('sort=balance&order=desc')).toEqual([big.id, small.id]);
    expect(await list('sort=reward&order=desc')).toEqual([big.id, small.id]);
    expect(await list('sort=lastSpend&order=desc')).toEqual([small.id, big.id]);
    expect(await list('sort=points&order=desc')).toEqual([small.id, big.id]);
    expect(await list('sort=openDate&order=asc')).toEqual([small.id, big.id]);
    expect(await list('keyword=saver')).toEqual([big.id]);
    expect(await list(`keyword=${small.number.slice(-4)}`)).toEqual([small.id]);
    expect(await list('program=ok')).toEqual([]);
  });

  it('activates and cancels with an audit row; a cancelled card stays cancelled (1103003)', async () => {
    const shop = await cardShop(ctx);
    const card = await shop.issue(0, { activate: false });
    const active = await shop.call('PUT', `/vip-card/${card.id}/status`, { status: 'active' });
    expect(active.json().result.status).toBe('active');
    expect((await shop.call('PUT', `/vip-card/${card.id}/status`, { status: 'cancelled' })).json().result.status).toBe(
      'cancelled',
    );
    expect((await shop.call('PUT', `/vip-card/${card.id}/status`, { status: 'active' })).json()).toMatchObject({
      code: 1103003,
    });
    const audit = await ctx.db.execute<{ action: string }>(
      sql`select action from audit_log where merchant_id = ${shop.merchantId} and entity = 'card' order by id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['card.create', 'card.activate', 'card.cancel']);
  });

  it("refuses another merchant's card as not found (10005), for reading and for every change", async () => {
    const shop = await cardShop(ctx);
    const card = await shop.issue(10_000);
    const stranger = await memberOf(ctx, 'merchant');
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      ctx.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { ...bearer(stranger.jwt), ...key() },
        ...(payload ? { payload } : {}),
      });
    for (const response of [
      await call('GET', `/vip-card/${card.id}`),
      await call('PUT', `/vip-card/${card.id}/status`, { status: 'cancelled' }),
      await call('POST', `/vip-card/${card.id}/top-up`, { amount: 100, reason: 'x' }),
      await call('POST', `/vip-card/${card.id}/adjust`, { balanceChange: -100, reason: 'x' }),
      await call('GET', `/okcard/detail?cardId=${card.id}`),
      await call('POST', '/okcard/adjust-balance', { cardId: card.id, balanceChange: -100, reason: 'x' }),
    ]) {
      expect(response.json()).toMatchObject({ code: 10005 });
    }
    expect((await shop.call('GET', `/vip-card/${card.id}`)).json().result.balance).toBe(10_000);
  });

  it('lets a shareholder read cards but not change them (1104016)', async () => {
    const shop = await cardShop(ctx);
    const card = await shop.issue(10_000);
    const user = await createUser(ctx.db);
    await addMember(ctx.db, { merchantId: shop.merchantId, userId: user.id, role: 'shareholder' });
    const jwt = await merchantToken(ctx, user.id, shop.merchantId);
    const as = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      ctx.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { ...bearer(jwt), ...key() },
        ...(payload ? { payload } : {}),
      });
    expect((await as('GET', '/vip-card/list')).statusCode).toBe(200);
    expect((await as('GET', `/vip-card/${card.id}`)).statusCode).toBe(200);
    expect((await as('GET', '/vip-card/statistics')).statusCode).toBe(200);
    for (const response of [
      await as('POST', `/vip-card/${card.id}/top-up`, { amount: 100, reason: 'x' }),
      await as('PUT', `/vip-card/${card.id}/status`, { status: 'cancelled' }),
      await as('PUT', '/vip-card/settings', {
        topUpTiers: [],
        pointsRule: { enabled: false, spendPerPoint: 1, pointValue: 0 },
        placeIds: [],
        virtualCards: false,
      }),
    ]) {
      expect(response.json()).toMatchObject({ code: 1104016 });
    }
  });
});

describe('hand top-ups and adjustments', () => {
  it('tops up with the reward of the tier reached, once per Idempotency-Key', async () => {
    const shop = await cardShop(ctx);
    const card = await shop.issue();
    const headers = key();
    const first = await shop.call(
      'POST',
      `/vip-card/${card.id}/top-up`,
      { amount: 60_000, reason: 'cash at the counter' },
      headers,
    );
    expect(first.json().result.card).toMatchObject({ balance: 65_000, deposit: 60_000, reward: 5_000 });
    expect(
      first.json().result.entries.map((e: { kind: string; balanceChange: number }) => [e.kind, e.balanceChange]),
    ).toEqual([
      ['topUp', 60_000],
      ['topUpReward', 5_000],
    ]);
    const repeat = await shop.call(
      'POST',
      `/vip-card/${card.id}/top-up`,
      { amount: 60_000, reason: 'cash at the counter' },
      headers,
    );
    expect(repeat.json().result.entries).toEqual(first.json().result.entries);
    expect(repeat.json().result.card.balance).toBe(65_000);
    expect((await shop.call('POST', `/vip-card/${card.id}/top-up`, { amount: 100, reason: 'x' })).statusCode).toBe(400);
  });

  it('refuses a top-up of a points card (1103002) and of a cancelled card (1103003)', async () => {
    const shop = await cardShop(ctx);
    const points = await shop.issue(0, { loyaltyType: 'points' });
    expect(
      (await shop.call('POST', `/vip-card/${points.id}/top-up`, { amount: 100, reason: 'x' }, key())).json(),
    ).toMatchObject({ code: 1103002 });
    const cancelled = await shop.issue();
    await shop.call('PUT', `/vip-card/${cancelled.id}/status`, { status: 'cancelled' });
    expect(
      (await shop.call('POST', `/vip-card/${cancelled.id}/top-up`, { amount: 100, reason: 'x' }, key())).json(),
    ).toMatchObject({ code: 1103003 });
  });

  it('adjusts balance and points with a reason, never below zero (1103005), audited with who did it', async () => {
    const shop = await cardShop(ctx);
    const card = await shop.issue(10_000);
    const adjusted = await shop.call(
      'POST',
      `/vip-card/${card.id}/adjust`,
      { balanceChange: -2_500, pointChange: 7, reason: 'machine ate a coin' },
      key(),
    );
    expect(adjusted.json().result.card).toMatchObject({ balance: 7_500, point: 7 });
    expect(adjusted.json().result.entries[0]).toMatchObject({
      kind: 'adjustment',
      reason: 'machine ate a coin',
      balanceAfter: 7_500,
    });
    expect(adjusted.json().result.entries[0].actor).toBeTruthy();
    const tooMuch = await shop.call(
      'POST',
      `/vip-card/${card.id}/adjust`,
      { balanceChange: -7_501, reason: 'x' },
      key(),
    );
    expect(tooMuch.json()).toMatchObject({ code: 1103005 });
    expect(
      (await shop.call('POST', `/vip-card/${card.id}/adjust`, { balanceChange: 0, reason: 'x' }, key())).statusCode,
    ).toBe(400);
    expect(
      (await shop.call('POST', `/vip-card/${card.id}/adjust`, { balanceChange: 5, reason: '' }, key())).statusCode,
    ).toBe(400);
    expect((await shop.call('POST', `/vip-card/${card.id}/adjust`, { balanceChange: 5, reason: 'x' })).statusCode).toBe(
      400,
    );
    expect((await shop.call('GET', `/vip-card/${card.id}`)).json().result.balance).toBe(7_500);
  });

  it('keeps the ledger append-only: an entry cannot be edited or removed', async () => {
    const shop = await cardShop(ctx);
    const card = await shop.issue(10_000);
    await expect(
      ctx.db.execute(sql`update card_entries set balance_change = 999999 where card_id = ${card.id}`),
    ).rejects.toThrow();
    await expect(ctx.db.execute(sql`delete from card_entries where card_id = ${card.id}`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`update cards set balance = -1 where id = ${card.id}`)).rejects.toThrow();
  });
});

describe('records, export and statistics', () => {
  it('lists every entry with filters that combine and totals of the filtered set; refuses more than three months', async () => {
    const shop = await cardShop(ctx);
    const a = await shop.issue(60_000);
    const b = await shop.issue(10_000);
    await createCardDesk({ db: ctx.db, clock: ctx.clock }).authorize({
      hwid: shop.machines[0]!.hwid,
      requestId: randomUUID(),
      card: a.number,
      amount: 6_000,
    });
    const all = (await shop.call('GET', '/vip-card/record/list')).json().result;
    expect(all.totals).toMatchObject({ topUp: 70_000, reward: 5_000, spend: 6_000, pointsEarned: 6 });
    expect(all.total).toBe(all.items.length);
    const spends = (await shop.call('GET', `/vip-card/record/list?kind=spend&cardId=${a.id}`)).json().result;
    expect(spends.items).toHaveLength(1);
    expect(spends.items[0]).toMatchObject({
      kind: 'spend',
      balanceChange: -6_000,
      balanceAfter: 59_000,
      device: { name: 'Washer 1' },
    });
    expect((await shop.call('GET', `/vip-card/record/list?cardId=${b.id}&kind=spend`)).json().result.items).toEqual([]);
    expect(
      (await shop.call('GET', `/vip-card/record/list?deviceId=${shop.machines[0]!.device.id}`)).json().result.total,
    ).toBe(2);
    expect((await shop.call('GET', '/vip-card/record/list?from=2026-01-01&to=2026-06-01')).json()).toMatchObject({
      code: 1103001,
    });
    expect((await shop.call('GET', '/vip-card/record/list?from=2026-03-02&to=2026-03-01')).json()).toMatchObject({
      code: 1106001,
    });
    const csv = await shop.call('GET', '/vip-card/record/export?kind=spend');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[1]).toContain(`${a.number},Holder,spend,-60`);
  });

  it('counts cards, deposits, rewards, spend and the outstanding balance by day', async () => {
    const shop = await cardShop(ctx);
    const a = await shop.issue(60_000);
    await shop.issue(10_000, { activate: false });
    await createCardDesk({ db: ctx.db, clock: ctx.clock }).authorize({
      hwid: shop.machines[0]!.hwid,
      requestId: randomUUID(),
      card: a.number,
      amount: 6_000,
    });
    const stats = (await shop.call('GET', '/vip-card/statistics')).json().result;
    expect(stats).toMatchObject({
      cards: 2,
      activeCards: 1,
      issued: 2,
      usedCards: 1,
      deposits: 70_000,
      rewards: 5_000,
      spend: 6_000,
      outstanding: 69_000,
    });
    expect(stats.series).toHaveLength(7);
    expect(stats.series.at(-1)).toMatchObject({ deposits: 70_000, spend: 6_000, outstanding: 69_000 });
    expect(stats.series[0].outstanding).toBe(0);
  });
});

describe('settings', () => {
  it('saves tiers sorted, the points rule and places of the merchant only; refuses a duplicate amount', async () => {
    const shop = await cardShop(ctx);
    const other = await memberOf(ctx, 'merchant');
    const theirPlace = await createPlace(ctx.db, other.merchant.id);
    const settings = {
      topUpTiers: [
        { amount: 100_000, reward: 15_000 },
        { amount: 50_000, reward: 5_000 },
      ],
      pointsRule: { enabled: true, spendPerPoint: 1_000, pointValue: 100 },
      placeIds: [shop.place.id],
      virtualCards: true,
    };
    const saved = await shop.call('PUT', '/vip-card/settings?program=ok', settings);
    expect(saved.json().result).toMatchObject({ program: 'ok', topUpTiers: [{ amount: 50_000 }, { amount: 100_000 }] });
    expect((await shop.call('GET', '/vip-card/settings?program=ok')).json().result.placeIds).toEqual([shop.place.id]);
    expect(
      (await shop.call('PUT', '/vip-card/settings', { ...settings, placeIds: [theirPlace.id] })).json(),
    ).toMatchObject({ code: 1102007 });
    const duplicate = {
      ...settings,
      topUpTiers: [
        { amount: 500, reward: 1 },
        { amount: 500, reward: 2 },
      ],
    };
    expect((await shop.call('PUT', '/vip-card/settings', duplicate)).statusCode).toBe(400);
  });
});

describe('the OK card area calls (okcard/*)', () => {
  it('lists, shows and adjusts OK cards, with their figures and machines', async () => {
    const shop = await cardShop(ctx);
    const card = (await shop.call('POST', '/vip-card', { number: '5550001', program: 'ok' })).json().result;
    const vip = await shop.issue(1_000);
    await shop.call('POST', `/vip-card/${card.id}/top-up`, { amount: 30_000, reason: 'counter' }, key());
    expect((await shop.call('GET', '/okcard/list')).json().result.items.map((c: { id: number }) => c.id)).toEqual([
      card.id,
    ]);
    expect((await shop.call('GET', `/okcard/detail?cardId=${card.id}`)).json().result).toMatchObject({
      program: 'ok',
      balance: 32_000,
    });
    expect((await shop.call('GET', `/okcard/detail?cardId=${vip.id}`)).json()).toMatchObject({ code: 10005 });
    const adjusted = await shop.call(
      'POST',
      '/okcard/adjust-balance',
      { cardId: card.id, balanceChange: -2_000, reason: 'returned cash' },
      key(),
    );
    expect(adjusted.json().result.card.balance).toBe(30_000);
    const answer = await createCardDesk({ db: ctx.db, clock: ctx.clock }).authorize({
      hwid: shop.machines[0]!.hwid,
      requestId: randomUUID(),
      card: card.number,
      amount: 5_000,
    });
    expect(answer).toMatchObject({ result: '0000', payGateway: 'cash-card' });
    expect((await shop.call('GET', '/okcard/issued')).json().result).toMatchObject({
      cards: 1,
      activeCards: 1,
      issued: 1,
      outstanding: 25_000,
    });
    expect((await shop.call('GET', '/okcard/revenue')).json().result).toMatchObject({
      deposits: 30_000,
      rewards: 2_000,
      spend: 5_000,
    });
    const machines = (await shop.call('GET', '/okcard/machine-state')).json().result.items;
    expect(machines).toEqual([
      expect.objectContaining({ name: 'Washer 1', tradesToday: 1, spendToday: 5_000, online: false }),
    ]);
  });
});
