import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardDesk } from '../src/modules/cards/service';
import { cardShop } from './helpers/card-shop';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const cardIndex = fc.integer({ min: 0, max: 2 });
const money = fc.integer({ min: 1, max: 40 }).map((n) => n * 500);
const operation = fc.oneof(
  fc.record({ op: fc.constant('topUp' as const), card: cardIndex, amount: money, repeat: fc.boolean() }),
  fc.record({
    op: fc.constant('charges' as const),
    // Several machines charge at once, each a card of its choice.
    charges: fc.array(fc.record({ card: cardIndex, amount: money }), { minLength: 1, maxLength: 6 }),
    repeat: fc.boolean(),
  }),
  fc.record({ op: fc.constant('refund' as const), pick: fc.nat(), byMachine: fc.boolean() }),
  fc.record({
    op: fc.constant('adjust' as const),
    card: cardIndex,
    balanceChange: fc.integer({ min: -20, max: 20 }).map((n) => n * 500),
    pointChange: fc.integer({ min: -5, max: 5 }),
    repeat: fc.boolean(),
  }),
);

type Approved = { hwid: string; requestId: string; card: number; orderId: string; balanceUsed: number };

describe('the card ledger under random top-ups, concurrent charges, refunds and adjustments', () => {
  it('keeps every balance the sum of its entries, never negative, each source counted once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 5, maxLength: 18 }), async (operations) => {
        const shop = await cardShop(ctx, { machines: 4, pointValue: 100 });
        const cards = [await shop.issue(), await shop.issue(), await shop.issue()];
        const desk = createCardDesk({ db: ctx.db, clock: ctx.clock, lockWaitMs: 20_000 });
        const model = cards.map(() => 0);
        const approved: Approved[] = [];
        const refunded = new Set<string>();
        const post = (url: string, payload: object, key: string) =>
          shop.call('POST', url, payload, { 'idempotency-key': key });

        for (const step of operations) {
          if (step.op === 'topUp') {
            const key = randomUUID();
            const card = cards[step.card]!;
            const first = await post(`/vip-card/${card.id}/top-up`, { amount: step.amount, reason: 'p' }, key);
            expect(first.statusCode).toBe(200);
            model[step.card]! += first
              .json()
              .result.entries.reduce((s: number, e: { balanceChange: number }) => s + e.balanceChange, 0);
            if (step.repeat)
              expect(
                (await post(`/vip-card/${card.id}/top-up`, { amount: step.amount, reason: 'p' }, key)).json().result
                  .entries,
              ).toEqual(first.json().result.entries);
          } else if (step.op === 'adjust') {
            const key = randomUUID();
            const card = cards[step.card]!;
            const payload = { balanceChange: step.balanceChange, pointChange: step.pointChange, reason: 'p' };
            if (step.balanceChange === 0 && step.pointChange === 0) continue;
            const answer = await post(`/vip-card/${card.id}/adjust`, payload, key);
            if (answer.statusCode === 200) {
              model[step.card]! += step.balanceChange;
              if (step.repeat) expect((await post(`/vip-card/${card.id}/adjust`, payload, key)).statusCode).toBe(200);
            } else {
              expect(answer.json().code).toBe(1103005);
            }
          } else if (step.op === 'charges') {
            const before = cards.map(() => 0);
            const requests = step.charges.map((c, i) => ({
              hwid: shop.machines[i % shop.machines.length]!.hwid,
              requestId: randomUUID(),
              card: c.card,
              amount: c.amount,
            }));
            const answers = await Promise.all(
              requests.map((r) =>
                desk.authorize({ hwid: r.hwid, requestId: r.requestId, card: cards[r.card]!.number, amount: r.amount }),
              ),
            );
            for (const [i, answer] of answers.entries()) {
              const r = requests[i]!;
              expect(['0000', '0014']).toContain(answer.result);
              if (answer.result === '0000') {
                model[r.card]! -= answer.balanceUsed!;
                before[r.card]! += 1;
                approved.push({ ...r, orderId: answer.orderId!, balanceUsed: answer.balanceUsed! });
              }
            }
            if (step.repeat) {
              const again = await Promise.all(
                requests.map((r) =>
                  desk.authorize({
                    hwid: r.hwid,
                    requestId: r.requestId,
                    card: cards[r.card]!.number,
                    amount: r.amount,
                  }),
                ),
              );
              expect(again.map((a) => [a.result, a.orderId])).toEqual(answers.map((a) => [a.result, a.orderId]));
            }
            // A refused charge saw less than it asked for, and the card only went down during the batch.
            const now = await balances();
            for (const [i, answer] of answers.entries()) {
              if (answer.result === '0014') expect(now[requests[i]!.card]!).toBeLessThan(requests[i]!.amount);
            }
          } else if (approved.length > 0) {
            const target = approved[step.pick % approved.length]!;
            if (step.byMachine) await desk.void({ hwid: target.hwid, requestId: target.requestId });
            else {
              const sale = await ctx.db.execute<{ id: number }>(
                sql`select id::int from transactions where order_id = ${target.orderId}`,
              );
              expect((await post(`/transaction/${sale.rows[0]!.id}/refund`, {}, randomUUID())).statusCode).toBe(200);
            }
            if (!refunded.has(target.orderId)) model[target.card]! += target.balanceUsed;
            refunded.add(target.orderId);
          }
        }

        async function balances() {
          return Promise.all(
            cards.map(async (c) => (await shop.call('GET', `/vip-card/${c.id}`)).json().result.balance as number),
          );
        }
        const finalBalances = await balances();
        expect(finalBalances).toEqual(model);
        type Sums = Record<
          | 'balance'
          | 'point'
          | 'deposit'
          | 'reward'
          | 'spent'
          | 'deposits'
          | 'rewards'
          | 'spends'
          | 'refunds'
          | 'adjustments'
          | 'points',
          number
        >;
        const sums = await ctx.db.execute<Sums>(sql`
          select c.id, c.balance::int as balance, c.point::int as point, c.deposit::int as deposit, c.reward::int as reward,
                 c.spent::int as spent,
                 coalesce(sum(e.balance_change) filter (where e.kind = 'topUp'), 0)::int as deposits,
                 coalesce(sum(e.balance_change) filter (where e.kind = 'topUpReward'), 0)::int as rewards,
                 coalesce(-sum(e.balance_change) filter (where e.kind = 'spend'), 0)::int as spends,
                 coalesce(sum(e.balance_change) filter (where e.kind = 'refund'), 0)::int as refunds,
                 coalesce(sum(e.balance_change) filter (where e.kind = 'adjustment'), 0)::int as adjustments,
                 coalesce(sum(e.point_change), 0)::int as points
            from cards c left join card_entries e on e.card_id = c.id
           where c.merchant_id = ${shop.merchantId} group by c.id order by c.id`);
        for (const row of sums.rows) {
          expect(row.balance).toBe(row.deposits + row.rewards - row.spends + row.refunds + row.adjustments);
          expect(row.balance).toBeGreaterThanOrEqual(0);
          expect(row.point).toBe(row.points);
          expect(row.point).toBeGreaterThanOrEqual(0);
          expect([row.deposit, row.reward, row.spent]).toEqual([row.deposits, row.rewards, row.spends - row.refunds]);
        }
        // Each source made at most one entry of each kind.
        const repeats = await ctx.db.execute(sql`
          select source_id, kind from card_entries where merchant_id = ${shop.merchantId}
           group by source_id, kind having count(*) > 1`);
        expect(repeats.rows).toEqual([]);
        // Outstanding balance (the liability) is the sum of the card balances.
        const stats = (await shop.call('GET', '/vip-card/statistics')).json().result;
        expect(stats.outstanding).toBe(finalBalances.reduce((a, b) => a + b, 0));
        expect(stats.series.at(-1).outstanding).toBe(stats.outstanding);
      }),
      { numRuns: 25 },
    );
  }, 180_000);
});
