import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants, placePaymentOptions } from '../src/db/schema';
import { SmsFailed, type SmsProvider } from '../src/sms/sms-provider';
import { cardShop } from './helpers/card-shop';
import { createTestApp, type TestContext } from './helpers/test-app';

const sent: Array<{ phone: string; code: string }> = [];
const sms: SmsProvider = {
  name: 'test',
  async send(message) {
    if (message.phone.startsWith('+999')) throw new SmsFailed('refused');
    sent.push({ phone: message.phone, code: message.code });
  },
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { sms });
});
afterAll(async () => ctx?.close());

const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, payload });
const get = (url: string) => ctx.app.inject({ url: `/api/v1${url}` });
const phone = () => `+8869${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** A card shop whose place takes LINE Pay (through the sandbox) for top-ups. */
async function shop() {
  const s = await cardShop(ctx);
  await ctx.db.update(merchants).set({ mobilePaymentEnabled: true }).where(eq(merchants.id, s.merchantId));
  await ctx.db
    .insert(placePaymentOptions)
    .values({ merchantId: s.merchantId, placeId: s.place.id, gateways: ['offline', 'LinePay'] });
  return s;
}

async function decide(redirectUrl: string, outcome: 'approve' | 'decline') {
  const response = await ctx.app.inject({
    method: 'POST',
    url: new URL(redirectUrl).pathname,
    payload: `outcome=${outcome}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(response.statusCode).toBe(302);
  const back = new URL(response.headers.location as string);
  return ctx.app.inject({ url: `${back.pathname}${back.search}` });
}

describe("a consumer's card at checkout", () => {
  it("offers the place's tiers, points rule and payment methods; refuses a place that does not take the card", async () => {
    const s = await shop();
    const offer = (await get(`/checkout/card/offer?placeId=${s.place.id}`)).json().result;
    expect(offer).toMatchObject({
      program: 'vip',
      place: { id: s.place.id },
      currency: 'TWD',
      topUpTiers: [
        { amount: 30000, reward: 2000 },
        { amount: 50000, reward: 5000 },
      ],
      virtualCards: true,
      gateways: ['LinePay'],
    });
    expect((await get(`/checkout/card/offer?hwid=${s.machines[0]!.hwid}`)).json().result.place.id).toBe(s.place.id);
    expect((await get('/checkout/card/offer?placeId=999999')).json()).toMatchObject({ code: 1102007 });
    await ctx.db.execute(sql`update card_settings set place_ids = '[]' where merchant_id = ${s.merchantId}`);
    expect((await get(`/checkout/card/offer?placeId=${s.place.id}`)).json()).toMatchObject({ code: 1103006 });
  });

  it('opens the phone’s virtual card with the SMS code, once; the same phone finds the same card', async () => {
    const s = await shop();
    const number = phone();
    const asked = await post('/checkout/card/sms-code', { placeId: s.place.id, phone: number });
    expect(asked.json().result).toEqual({ retryAfterSeconds: 60, expiresInSeconds: 600 });
    const code = sent.findLast((m) => m.phone === number)!.code;
    expect(
      (
        await post('/checkout/card/open', {
          placeId: s.place.id,
          phone: number,
          code: code === '000000' ? '111111' : '000000',
        })
      ).json(),
    ).toMatchObject({ code: 1103008 });
    const opened = await post('/checkout/card/open', { placeId: s.place.id, phone: number, code, holderName: 'Amy' });
    expect(opened.json().result).toMatchObject({
      program: 'vip',
      status: 'active',
      balance: 0,
      loyaltyType: 'storedValue',
    });
    expect(opened.json().result.number).toMatch(/^9\d{9}$/);
    // A used code does not open twice.
    expect((await post('/checkout/card/open', { placeId: s.place.id, phone: number, code })).json()).toMatchObject({
      code: 1103008,
    });
    ctx.clock.advance(61_000);
    await post('/checkout/card/sms-code', { placeId: s.place.id, phone: number });
    const again = await post('/checkout/card/open', {
      placeId: s.place.id,
      phone: number,
      code: sent.findLast((m) => m.phone === number)!.code,
    });
    expect(again.json().result.number).toBe(opened.json().result.number);
    const list = (await s.call('GET', `/vip-card/list?keyword=${opened.json().result.number}`)).json().result.items;
    expect(list).toEqual([
      expect.objectContaining({ virtual: true, holderName: 'Amy', holderPhone: expect.stringMatching(/•+\d{3}$/) }),
    ]);
  });

  it('refuses codes asked too often (10009), an SMS the provider refuses (10008), and five wrong tries', async () => {
    const s = await shop();
    const number = phone();
    expect((await post('/checkout/card/sms-code', { placeId: s.place.id, phone: number })).statusCode).toBe(200);
    const tooSoon = await post('/checkout/card/sms-code', { placeId: s.place.id, phone: number });
    expect(tooSoon.json()).toMatchObject({ code: 10009 });
    expect(tooSoon.headers['retry-after']).toBe('60');
    expect(
      (await post('/checkout/card/sms-code', { placeId: s.place.id, phone: '+99912345678' })).json(),
    ).toMatchObject({ code: 10008 });
    const code = sent.findLast((m) => m.phone === number)!.code;
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await post('/checkout/card/open', { placeId: s.place.id, phone: number, code: wrong })).json(),
      ).toMatchObject({ code: 1103008 });
    }
    expect((await post('/checkout/card/open', { placeId: s.place.id, phone: number, code })).json()).toMatchObject({
      code: 1103008,
    });
    await ctx.db.execute(sql`update card_settings set virtual_cards = false where merchant_id = ${s.merchantId}`);
    ctx.clock.advance(61_000);
    expect((await post('/checkout/card/sms-code', { placeId: s.place.id, phone: number })).json()).toMatchObject({
      code: 1103007,
    });
  });

  it('tops a card up through the sandbox gateway: credited once with the tier reward; the money settles but is not revenue', async () => {
    const s = await shop();
    const card = await s.issue();
    const clientRequestId = randomUUID();
    const started = await post('/checkout/card/top-up', {
      placeId: s.place.id,
      cardNumber: card.number,
      amount: 50000,
      gateway: 'LinePay',
      clientRequestId,
    });
    expect(started.statusCode).toBe(200);
    const repeat = await post('/checkout/card/top-up', {
      placeId: s.place.id,
      cardNumber: card.number,
      amount: 50000,
      gateway: 'LinePay',
      clientRequestId,
    });
    expect(repeat.json().result.orderId).toBe(started.json().result.orderId);
    const { orderId, redirectUrl } = started.json().result;
    expect((await get(`/checkout/card/top-up/${orderId}`)).json().result).toMatchObject({
      status: 'created',
      amount: 50000,
      reward: 5000,
      balanceAfter: null,
    });
    const returned = await decide(redirectUrl, 'approve');
    expect(returned.statusCode).toBe(302);
    expect(returned.headers.location).toBe(`/custom/card-top-up-result?orderId=${orderId}`);
    const order = (await get(`/checkout/card/top-up/${orderId}`)).json().result;
    expect(order).toMatchObject({
      status: 'paid',
      balanceAfter: 55000,
      cardNumber: expect.stringMatching(/^•+\d{4}$/),
    });
    expect((await s.call('GET', `/vip-card/${card.id}`)).json().result).toMatchObject({
      balance: 55000,
      deposit: 50000,
      reward: 5000,
    });
    const sale = await ctx.db.execute<Record<string, unknown>>(
      sql`select purpose, status::int, total::int, pay_gateway from transactions where order_id = ${orderId}`,
    );
    expect(sale.rows).toEqual([{ purpose: 'topUp', status: 1, total: 50000, pay_gateway: 'LinePay' }]);
    const stats = (await s.call('GET', '/revenue/statistics')).json().result;
    expect(JSON.stringify(stats)).not.toContain('50000');
    // Listed in the records (its row counted for paging), not in their money totals.
    const records = (await s.call('GET', '/transaction/list')).json().result;
    expect(records.items).toEqual([expect.objectContaining({ payGateway: 'LinePay', total: 50000, device: null })]);
    expect(records.total).toBe(1);
    expect(records.totals).toMatchObject({ count: 0, revenue: 0 });
  });

  it('adds a running top-up reward promotion at the place: shown on the tiers it reaches, credited with the top-up', async () => {
    const s = await shop();
    const created = await s.call('POST', '/promotion', {
      name: 'Top up 500, get 80',
      category: 'deposit_reward',
      startAt: ctx.clock.now().toISOString(),
      endAt: null,
      depositRewardAmount: 50000,
      depositRewardFeedback: 8000,
    });
    const promotion = created.json().result as { id: number };
    const bound = await s.call('PUT', `/promotion/${promotion.id}/binding`, { deviceIds: [], placeIds: [s.place.id] });
    expect(bound.statusCode, bound.body).toBe(200);
    const offer = (await get(`/checkout/card/offer?placeId=${s.place.id}`)).json().result;
    expect(offer.topUpTiers).toEqual([
      { amount: 30000, reward: 2000, promotion: null },
      { amount: 50000, reward: 5000, promotion: { id: promotion.id, name: 'Top up 500, get 80', reward: 8000 } },
    ]);
    const card = await s.issue();
    const started = await post('/checkout/card/top-up', {
      placeId: s.place.id,
      cardNumber: card.number,
      amount: 50000,
      gateway: 'LinePay',
      clientRequestId: randomUUID(),
    });
    const { orderId, redirectUrl } = started.json().result;
    expect((await get(`/checkout/card/top-up/${orderId}`)).json().result).toMatchObject({ reward: 13000 });
    await decide(redirectUrl, 'approve');
    expect((await s.call('GET', `/vip-card/${card.id}`)).json().result).toMatchObject({
      balance: 63000,
      deposit: 50000,
      reward: 13000,
    });
    // Stopped: the offer and the next top-up go back to the tier's reward.
    expect((await s.call('POST', `/promotion/${promotion.id}/stop`)).statusCode).toBe(200);
    const after = (await get(`/checkout/card/offer?placeId=${s.place.id}`)).json().result;
    expect(after.topUpTiers.every((tier: { promotion: unknown }) => tier.promotion === null)).toBe(true);
  });

  it('credits nothing for a declined payment, a tier that is not offered, or a points card', async () => {
    const s = await shop();
    const card = await s.issue();
    const started = (
      await post('/checkout/card/top-up', {
        placeId: s.place.id,
        cardNumber: card.number,
        amount: 30000,
        gateway: 'LinePay',
        clientRequestId: randomUUID(),
      })
    ).json().result;
    await decide(started.redirectUrl, 'decline');
    expect((await get(`/checkout/card/top-up/${started.orderId}`)).json().result.status).toBe('failed');
    expect((await s.call('GET', `/vip-card/${card.id}`)).json().result.balance).toBe(0);
    const odd = await post('/checkout/card/top-up', {
      placeId: s.place.id,
      cardNumber: card.number,
      amount: 12345,
      gateway: 'LinePay',
      clientRequestId: randomUUID(),
    });
    expect(odd.statusCode).toBe(400);
    const points = await s.issue(0, { loyaltyType: 'points' });
    const refused = await post('/checkout/card/top-up', {
      placeId: s.place.id,
      cardNumber: points.number,
      amount: 30000,
      gateway: 'LinePay',
      clientRequestId: randomUUID(),
    });
    expect(refused.json()).toMatchObject({ code: 1103002 });
    const unknown = await post('/checkout/card/top-up', {
      placeId: s.place.id,
      cardNumber: '99999999',
      amount: 30000,
      gateway: 'LinePay',
      clientRequestId: randomUUID(),
    });
    expect(unknown.json()).toMatchObject({ code: 10005 });
  });

  it('refunds a top-up: its deposit and reward come off the card, and not once they were spent (1103005)', async () => {
    const s = await shop();
    const card = await s.issue();
    const pay = async () => {
      const started = (
        await post('/checkout/card/top-up', {
          placeId: s.place.id,
          cardNumber: card.number,
          amount: 30000,
          gateway: 'LinePay',
          clientRequestId: randomUUID(),
        })
      ).json().result;
      await decide(started.redirectUrl, 'approve');
      return (
        await ctx.db.execute<{ id: number }>(sql`select id::int from transactions where order_id = ${started.orderId}`)
      ).rows[0]!.id;
    };
    const first = await pay();
    const refunded = await s.call('POST', `/transaction/${first}/refund`, undefined, {
      'idempotency-key': randomUUID(),
    });
    expect(refunded.statusCode).toBe(200);
    expect((await s.call('GET', `/vip-card/${card.id}`)).json().result).toMatchObject({
      balance: 0,
      deposit: 0,
      reward: 0,
    });
    const second = await pay();
    await s.call(
      'POST',
      `/vip-card/${card.id}/adjust`,
      { balanceChange: -10000, reason: 'spent' },
      { 'idempotency-key': randomUUID() },
    );
    const refused = await s.call('POST', `/transaction/${second}/refund`, undefined, {
      'idempotency-key': randomUUID(),
    });
    expect(refused.json()).toMatchObject({ code: 1103005 });
    expect((await s.call('GET', `/vip-card/${card.id}`)).json().result.balance).toBe(22000);
  });
});
