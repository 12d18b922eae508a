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

describe('one card charged by 50 machines at once', () => {
  it('approves exactly what the balance allows; every other machine gets 0014 and the balance ends at zero', async () => {
    const shop = await cardShop(ctx, { machines: 50 });
    // 50 machines each charge 3,000 to a card holding 105,000 (100,000 and its 5,000 reward): 35 fit, 15 are refused.
    const card = await shop.issue(100_000);
    const desk = createCardDesk({ db: ctx.db, clock: ctx.clock, lockWaitMs: 20_000 });
    const answers = await Promise.all(
      shop.machines.map((machine) =>
        desk.authorize({ hwid: machine.hwid, requestId: randomUUID(), card: card.number, amount: 3_000 }),
      ),
    );
    const results = answers.map((a) => a.result);
    expect(results.filter((r) => r === '0000')).toHaveLength(35);
    expect(results.filter((r) => r === '0014')).toHaveLength(15);
    const after = (await shop.call('GET', `/vip-card/${card.id}`)).json().result;
    expect(after).toMatchObject({ balance: 0, spent: 105_000 });
    const sales = await ctx.db.execute<{ n: number; total: number }>(
      sql`select count(*)::int as n, coalesce(sum(total), 0)::int as total from transactions where merchant_id = ${shop.merchantId}`,
    );
    expect(sales.rows[0]).toEqual({ n: 35, total: 105_000 });
    // The balance each approval left is distinct: the charges queued on the card, none saw a stale balance.
    const left = answers.filter((a) => a.result === '0000').map((a) => a.balance);
    expect(new Set(left).size).toBe(35);
  });
});
