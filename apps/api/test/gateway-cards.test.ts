import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardReader, transactionStatuses, type CardProgram, type CardStatus } from '@sbo/contracts';
import {
  cardRequestLimit,
  deviceKinds,
  deviceTiming,
  deviceTopic,
  modelsByKind,
  type DeviceKind,
} from '@sbo/contracts/mqtt';
import { createMerchant } from './helpers/fixtures';
import { createBoundDevice, createPlace, eventually } from './helpers/devices';
import { createTestApp, fastDeviceEnv, type TestContext } from './helpers/test-app';
import { TestDevice } from './helpers/test-device';

// Card payments at machines over the device protocol (docs/device-protocol.md section 9), end to end:
// a real MQTT client, the embedded broker, the gateway, the card desk and PostgreSQL.

let ctx: TestContext;
let url: string;
const devices: TestDevice[] = [];
beforeAll(async () => {
  ctx = await createTestApp(fastDeviceEnv, undefined, { gateway: true });
  url = ctx.gateway!.brokerUrl;
});
afterAll(async () => {
  await Promise.all(devices.map((d) => d.close().catch(() => undefined)));
  await ctx.close();
});

let requests = 0;
const newRequestId = () => `req-${randomBytes(4).toString('hex')}-${(requests += 1)}`;
let numbers = 0;
const newCardNumber = () => `88${String(Date.now()).slice(-8)}${String((numbers += 1)).padStart(4, '0')}`;

/** A merchant with a place whose cards (both programs) are accepted there, and a way to add machines and cards. */
async function cardShop(pointsRule = { enabled: false, spendPerPoint: 1000, pointValue: 0 }) {
  const merchant = await createMerchant(ctx.db);
  const place = await createPlace(ctx.db, merchant.id);
  for (const program of ['vip', 'ok'] as const) {
    await ctx.db.execute(sql`
      insert into card_settings (merchant_id, program, points_rule, place_ids)
      values (${merchant.id}, ${program}, ${JSON.stringify(pointsRule)}::jsonb, ${JSON.stringify([place.id])}::jsonb)`);
  }

  async function machine(placeId: number | null = place.id, kind: DeviceKind = 'washer') {
    const model = modelsByKind[kind][0];
    const bound = await createBoundDevice(ctx.db, { merchantId: merchant.id, placeId, kind, model });
    const device = await TestDevice.connect(url, { hwid: bound.hwid, secret: bound.secret, kind, model });
    devices.push(device);
    await device.enableCardReader();
    return { hwid: bound.hwid, cloud: bound.device, device };
  }

  /** A card given its balance (and points) through the ledger, as top-ups would. */
  async function card(
    input: { balance?: number; points?: number; status?: CardStatus; program?: CardProgram; merchantId?: number } = {},
  ) {
    const number = newCardNumber();
    const merchantId = input.merchantId ?? merchant.id;
    const created = await ctx.db.execute<{ id: number }>(sql`
      insert into cards (merchant_id, program, number, status)
      values (${merchantId}, ${input.program ?? 'vip'}, ${number}, ${input.status ?? 'active'}) returning id`);
    const id = Number(created.rows[0]!.id);
    if (input.balance) {
      await ctx.db.execute(sql`
        insert into card_entries (merchant_id, card_id, kind, balance_change, source_id)
        values (${merchantId}, ${id}, 'topUp', ${input.balance}, ${`seed-${number}`})`);
    }
    if (input.points) {
      await ctx.db.execute(sql`
        insert into card_entries (merchant_id, card_id, kind, point_change, source_id)
        values (${merchantId}, ${id}, 'pointsEarned', ${input.points}, ${`seed-points-${number}`})`);
    }
    return { id, number };
  }

  return { merchant, place, machine, card };
}

const cardOf = async (id: number) =>
  (
    await ctx.db.execute<{ balance: string; point: string; spent: string }>(
      sql`select balance, point, spent from cards where id = ${id}`,
    )
  ).rows[0]!;
const salesOf = async (orderId: string) =>
  (
    await ctx.db.execute<{
      pay_gateway: string;
      status: number;
      total: string;
      balance: string;
      reward: string;
      device_id: number;
    }>(
      sql`select pay_gateway, status::int as status, total, balance, reward, device_id from transactions where order_id = ${orderId}`,
    )
  ).rows;
const spendsOf = async (cardId: number) =>
  (
    await ctx.db.execute<{ kind: string; balance_change: string }>(
      sql`select kind, balance_change from card_entries where card_id = ${cardId} and kind in ('spend', 'refund') order by id`,
    )
  ).rows;

describe('card payments over MQTT', () => {
  it('approves a charge (0000) with the balance used, and the sale is recorded under ESVC with its balance', async () => {
    const shop = await cardShop();
    const { device } = await shop.machine();
    const card = await shop.card({ balance: 50_000 });
    const answer = await device.card({ kind: 'authorize', requestId: newRequestId(), card: card.number, amount: 6000 });
    expect(answer).toMatchObject({
      v: 1,
      result: CardReader.approved,
      payGateway: 'ESVC',
      balanceUsed: 6000,
      rewardUsed: 0,
      pointsUsed: 0,
      balance: 44_000,
    });
    expect(answer.orderId).toMatch(/^[A-Za-z0-9_-]+$/);
    const [sale] = await salesOf(answer.orderId!);
    expect(sale).toMatchObject({ pay_gateway: 'ESVC', status: transactionStatuses.selfSettled });
    expect(Number(sale!.total)).toBe(6000);
    expect(Number(sale!.balance)).toBe(6000);
    expect(Number((await cardOf(card.id)).balance)).toBe(44_000);
  });

  it('charges a member card and an OK card at every kind of machine, as at a washer', async () => {
    const shop = await cardShop();
    for (const kind of deviceKinds) {
      const { device, cloud } = await shop.machine(shop.place.id, kind);
      for (const [program, payGateway] of [
        ['vip', 'ESVC'],
        ['ok', 'cash-card'],
      ] as const) {
        const card = await shop.card({ balance: 10_000, program });
        const answer = await device.card({
          kind: 'authorize',
          requestId: newRequestId(),
          card: card.number,
          amount: 3000,
        });
        expect(answer, `${kind} ${program}`).toMatchObject({ result: CardReader.approved, payGateway, balance: 7000 });
        const [sale] = await salesOf(answer.orderId!);
        expect(sale, `${kind} ${program}`).toMatchObject({ pay_gateway: payGateway, device_id: cloud.id });
        expect(Number(sale!.total)).toBe(3000);
      }
    }
  });

  it("takes points first: their value is the sale's reward, the rest its balance", async () => {
    const shop = await cardShop({ enabled: true, spendPerPoint: 1000, pointValue: 100 });
    const { device } = await shop.machine();
    const card = await shop.card({ balance: 10_000, points: 30 });
    const answer = await device.card({ kind: 'authorize', requestId: newRequestId(), card: card.number, amount: 6000 });
    expect(answer).toMatchObject({ result: '0000', pointsUsed: 30, rewardUsed: 3000, balanceUsed: 3000 });
    const [sale] = await salesOf(answer.orderId!);
    expect({ reward: Number(sale!.reward), balance: Number(sale!.balance) }).toEqual({ reward: 3000, balance: 3000 });
  });

  it("makes no second transaction from the machine's sale report after an approval", async () => {
    const shop = await cardShop();
    const { device, hwid } = await shop.machine();
    const card = await shop.card({ balance: 20_000 });
    const answer = await device.card({ kind: 'authorize', requestId: newRequestId(), card: card.number, amount: 6000 });
    const eventId = await device.event({
      kind: 'sale',
      amount: 6000,
      payGateway: answer.payGateway!,
      orderId: answer.orderId!,
      course: 'standard',
    });
    await eventually(
      async () =>
        (await ctx.db.execute(sql`select 1 from device_events where hwid = ${hwid} and event_id = ${eventId}`)).rows
          .length === 1,
    );
    const sales = await salesOf(answer.orderId!);
    expect(sales).toHaveLength(1);
    expect(sales[0]!.status).toBe(transactionStatuses.selfSettled);
  });

  it("stores a card sale that names no approval as unverified (97): a machine's word is not money", async () => {
    const shop = await cardShop();
    const { device, hwid } = await shop.machine();
    const forged = `card-forged-${randomBytes(4).toString('hex')}`;
    await device.event({ kind: 'sale', amount: 6000, payGateway: 'ESVC', orderId: forged });
    await device.event({ kind: 'sale', amount: 3000, payGateway: 'cash-card' });
    const rows = await eventually(async () => {
      const found = await ctx.db.execute<{ pay_gateway: string; status: number }>(
        sql`select t.pay_gateway, t.status::int as status from transactions t join device_events e on e.id = t.device_event_id
             where e.hwid = ${hwid} order by t.id`,
      );
      return found.rows.length === 2 ? found.rows : null;
    });
    expect(rows).toEqual([
      { pay_gateway: 'ESVC', status: transactionStatuses.unverified },
      { pay_gateway: 'cash-card', status: transactionStatuses.unverified },
    ]);

    // An approval of another machine does not verify this machine's sale either.
    const other = await shop.machine();
    const card = await shop.card({ balance: 20_000 });
    const approved = await other.device.card({
      kind: 'authorize',
      requestId: newRequestId(),
      card: card.number,
      amount: 6000,
    });
    await device.event({ kind: 'sale', amount: 6000, payGateway: 'ESVC', orderId: approved.orderId! });
    await eventually(
      async () =>
        (
          await ctx.db.execute(
            sql`select 1 from device_events where hwid = ${hwid} and order_id = ${approved.orderId!} and kind = 'sale'`,
          )
        ).rows.length === 1,
    );
    // The order id is the approval's (one transaction per order id); nothing new counts for this machine.
    const sales = await salesOf(approved.orderId!);
    expect(sales).toHaveLength(1);
    expect(sales[0]!.device_id).toBe(other.cloud.id);
  });

  it('answers a repeated request id with the first answer and charges once', async () => {
    const shop = await cardShop();
    const { device } = await shop.machine();
    const card = await shop.card({ balance: 20_000 });
    const requestId = newRequestId();
    const first = await device.card({ kind: 'authorize', requestId, card: card.number, amount: 6000 });
    const again = await device.card({ kind: 'authorize', requestId, card: card.number, amount: 6000 });
    expect(again).toMatchObject({
      result: first.result,
      orderId: first.orderId,
      payGateway: first.payGateway,
      balanceUsed: first.balanceUsed,
    });
    expect(Number((await cardOf(card.id)).balance)).toBe(14_000);
    expect(await spendsOf(card.id)).toHaveLength(1);
  });

  it('refuses: 0014 insufficient balance, 0011 cancelled card, 0016 inactive, 0007 unknown or another merchant’s card', async () => {
    const shop = await cardShop();
    const { device } = await shop.machine();
    const poor = await shop.card({ balance: 5000 });
    const cancelled = await shop.card({ balance: 50_000, status: 'cancelled' });
    const inactive = await shop.card({ balance: 50_000, status: 'inactive' });
    const elsewhere = await cardShop();
    const foreign = await elsewhere.card({ balance: 50_000 });
    const ask = (number: string) =>
      device.card({ kind: 'authorize', requestId: newRequestId(), card: number, amount: 6000 });

    expect(await ask(poor.number)).toMatchObject({ result: CardReader.insufficientBalance });
    expect(await ask(cancelled.number)).toMatchObject({ result: CardReader.locked });
    expect(await ask(inactive.number)).toMatchObject({ result: CardReader.notActivated });
    expect(await ask('999999999999')).toMatchObject({ result: CardReader.notMemberCard });
    expect(await ask(foreign.number)).toMatchObject({ result: CardReader.notMemberCard });
    for (const refused of [poor, cancelled, inactive, foreign]) expect(await spendsOf(refused.id)).toEqual([]);
    expect(Number((await cardOf(poor.id)).balance)).toBe(5000);
    expect(Number((await cardOf(foreign.id)).balance)).toBe(50_000);
  });

  it('rejects (0001) a card at a machine whose place does not take it, and charges nothing', async () => {
    const shop = await cardShop();
    const elsewhere = await createPlace(ctx.db, shop.merchant.id, 'Other Laundry');
    const { device } = await shop.machine(elsewhere.id);
    const card = await shop.card({ balance: 20_000 });
    const answer = await device.card({ kind: 'authorize', requestId: newRequestId(), card: card.number, amount: 6000 });
    expect(answer.result).toBe(CardReader.rejected);
    expect(await spendsOf(card.id)).toEqual([]);
  });

  it('gives the money back on void (0000), once; a void of an unknown request is 0012', async () => {
    const shop = await cardShop();
    const { device } = await shop.machine();
    const card = await shop.card({ balance: 20_000 });
    const requestId = newRequestId();
    const approved = await device.card({ kind: 'authorize', requestId, card: card.number, amount: 6000 });
    expect(Number((await cardOf(card.id)).balance)).toBe(14_000);

    expect(await device.card({ kind: 'void', requestId })).toMatchObject({ result: CardReader.approved });
    expect(Number((await cardOf(card.id)).balance)).toBe(20_000);
    expect((await salesOf(approved.orderId!))[0]!.status).toBe(transactionStatuses.refunded);
    // A repeated void changes nothing.
    expect(await device.card({ kind: 'void', requestId })).toMatchObject({ result: CardReader.approved });
    expect(Number((await cardOf(card.id)).balance)).toBe(20_000);
    expect((await spendsOf(card.id)).map((e) => e.kind)).toEqual(['spend', 'refund']);

    expect(await device.card({ kind: 'void', requestId: newRequestId() })).toMatchObject({
      result: CardReader.noOriginal,
    });
    // A voided approval no longer verifies a sale report naming it.
    // Acknowledged only once stored (the embedded broker's PUBACK follows the write): no wait needed.
    await device.event({ kind: 'sale', amount: 6000, payGateway: 'ESVC', orderId: approved.orderId! });
    expect(await salesOf(approved.orderId!)).toHaveLength(1);
  });

  it('a machine that gave up waiting voids its request, and the card is whole again', async () => {
    const shop = await cardShop();
    const { device } = await shop.machine();
    const card = await shop.card({ balance: 20_000 });
    const requestId = newRequestId();
    // The machine does not wait for the answer (as if it never came): it voids right after asking.
    await device.sendCard({ kind: 'authorize', requestId, card: card.number, amount: 6000 });
    await device.sendCard({ kind: 'void', requestId });
    await eventually(async () => device.cardResults.filter((r) => r.requestId === requestId).length === 2);
    expect(Number((await cardOf(card.id)).balance)).toBe(20_000);
    const entries = (await spendsOf(card.id)).map((e) => e.kind);
    expect(entries).toEqual(['spend', 'refund']);
  });

  it('answers 0018 (tap again) within the time limit when another charge holds the card too long', async () => {
    const shop = await cardShop();
    const { device } = await shop.machine();
    const card = await shop.card({ balance: 20_000 });
    const holder = await ctx.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from cards where id = $1 for update', [card.id]);
      const started = Date.now();
      const answer = await device.card(
        { kind: 'authorize', requestId: newRequestId(), card: card.number, amount: 6000 },
        deviceTiming.cardAnswerMs,
      );
      expect(answer.result).toBe(CardReader.retap);
      expect(Date.now() - started).toBeLessThan(deviceTiming.cardAnswerMs);
    } finally {
      await holder.query('rollback');
      holder.release();
    }
    expect(Number((await cardOf(card.id)).balance)).toBe(20_000);
  });

  it('50 machines charging one card at once: exactly what the balance allows is approved, the rest get 0014', async () => {
    const shop = await cardShop();
    const machines = await Promise.all(Array.from({ length: 50 }, () => shop.machine()));
    const card = await shop.card({ balance: 20 * 1000 });
    const answers = await Promise.all(
      machines.map(({ device }) =>
        device.card({ kind: 'authorize', requestId: newRequestId(), card: card.number, amount: 1000 }, 15_000),
      ),
    );
    const results = answers.map((a) => a.result);
    expect(results.filter((r) => r === CardReader.approved)).toHaveLength(20);
    expect(results.filter((r) => r !== CardReader.approved).every((r) => r === CardReader.insufficientBalance)).toBe(
      true,
    );
    expect(Number((await cardOf(card.id)).balance)).toBe(0);
    expect(await spendsOf(card.id)).toHaveLength(20);
  });

  it('answers 0001 without charging once a device sends more authorizations than the limit allows', async () => {
    const shop = await cardShop();
    const { device } = await shop.machine();
    const card = await shop.card({ balance: 1_000_000 });
    const burst = cardRequestLimit.perDevice + 10;
    const answers = await Promise.all(
      Array.from({ length: burst }, () =>
        device.card({ kind: 'authorize', requestId: newRequestId(), card: card.number, amount: 1000 }, 15_000),
      ),
    );
    const approved = answers.filter((a) => a.result === CardReader.approved).length;
    const rejected = answers.filter((a) => a.result === CardReader.rejected).length;
    expect(approved + rejected).toBe(burst);
    // The bucket refills one request every 2 s, so a slow run may let a few more through.
    expect(approved).toBeGreaterThanOrEqual(cardRequestLimit.perDevice);
    expect(rejected).toBeGreaterThanOrEqual(5);
    // Only the approved ones were charged.
    expect(await spendsOf(card.id)).toHaveLength(approved);
    expect(Number((await cardOf(card.id)).balance)).toBe(1_000_000 - approved * 1000);
  });

  it('drops a malformed card request (no answer), and answers nothing on its own', async () => {
    const shop = await cardShop();
    const { device } = await shop.machine();
    const before = ctx.gateway!.counters.invalid;
    await device.publish('card', {
      v: 1,
      kind: 'authorize',
      requestId: 'bad-1',
      card: '12ab',
      amount: 1000,
      sentAt: Date.now(),
    });
    // Counted as invalid when dropped, before anything could answer it: it is never answered later.
    await eventually(async () => ctx.gateway!.counters.invalid > before);
    expect(device.cardResults.filter((r) => r.requestId === 'bad-1')).toEqual([]);
  });
});

describe('card topics are private to each device', () => {
  it("refuses a device subscribing to another device's cardResult or publishing on its card topic", async () => {
    const shop = await cardShop();
    const mine = await shop.machine();
    const other = await shop.machine();
    const card = await shop.card({ balance: 20_000 });
    await expect(mine.device.client.subscribeAsync(deviceTopic(other.hwid, 'cardResult'), { qos: 1 })).rejects.toThrow(
      /Subscribe error/,
    );
    // Asking as another machine is refused: the broker closes the offender's connection, nothing is charged.
    const closed = new Promise<void>((resolve) => mine.device.client.once('close', () => resolve()));
    mine.device.client.publish(
      deviceTopic(other.hwid, 'card'),
      JSON.stringify({
        v: 1,
        kind: 'authorize',
        requestId: newRequestId(),
        card: card.number,
        amount: 6000,
        sentAt: Date.now(),
      }),
      { qos: 1 },
    );
    await closed;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await spendsOf(card.id)).toEqual([]);
    expect(other.device.cardResults).toEqual([]);
    // Nor may a device publish a card answer itself.
    const closedToo = new Promise<void>((resolve) => other.device.client.once('close', () => resolve()));
    other.device.client.publish(
      deviceTopic(other.hwid, 'cardResult'),
      JSON.stringify({ v: 1, requestId: 'x-1', result: '0000', sentAt: Date.now() }),
      { qos: 1 },
    );
    await closedToo;
  });
});
