import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { transactionStatuses } from '@sbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardDesk } from '../src/modules/cards/service';
import { cardShop } from './helpers/card-shop';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

describe('GET /okcard/machine-state', () => {
  it("counts a machine's spend today as revenue: an unverified card sale is left out", async () => {
    const shop = await cardShop(ctx);
    const machine = shop.machines[0]!;
    const card = (await shop.call('POST', '/vip-card', { number: '5550002', program: 'ok' })).json().result;
    await shop.call(
      'POST',
      `/vip-card/${card.id}/top-up`,
      { amount: 30_000, reason: 'counter' },
      { 'idempotency-key': randomUUID() },
    );
    const answer = await createCardDesk({ db: ctx.db, clock: ctx.clock }).authorize({
      hwid: machine.hwid,
      requestId: randomUUID(),
      card: card.number,
      amount: 5_000,
    });
    expect(answer).toMatchObject({ result: '0000', payGateway: 'cash-card' });
    // A machine's card sale that no approved card payment matches is stored unverified (97).
    await ctx.db.execute(sql`
      insert into transactions (merchant_id, device_id, place_id, machine_type, order_id, pay_gateway, status,
                                currency, total, collected, fee, created_at)
      select d.merchant_id, d.id, d.place_id, d.machine_type, ${`unmatched-${randomUUID()}`}, 'cash-card',
             ${transactionStatuses.unverified}, 'TWD', 7000, 7000, 0, ${ctx.clock.now().toISOString()}
        from devices d where d.id = ${machine.device.id}`);
    const machines = (await shop.call('GET', '/okcard/machine-state')).json().result.items;
    expect(machines).toEqual([expect.objectContaining({ name: 'Washer 1', tradesToday: 2, spendToday: 5_000 })]);
  });
});
