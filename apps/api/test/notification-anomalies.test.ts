import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnomalyWatch } from '../src/modules/notification/anomaly-watch';
import { bearer, memberOf, merchantToken } from './helpers/fixtures';
import { createBoundDevice } from './helpers/devices';
import { insertSale } from './helpers/sales';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let watch: ReturnType<typeof startAnomalyWatch>;
beforeAll(async () => {
  ctx = await createTestApp({ NOTIFICATION_JOB_SECONDS: '0', NOTIFICATION_ANOMALY_SECONDS: '0' });
  watch = startAnomalyWatch({ pool: ctx.pool, db: ctx.db, clock: ctx.clock });
});
afterAll(() => ctx.close());

const hour = 3_600_000;

async function online(hwid: string, report: object) {
  await ctx.pool.query(
    `insert into device_state (hwid, online, online_changed_at, last_seen_at, report) values ($1, true, now(), now(), $2)`,
    [hwid, { coinCount: 0, cashBoxAmount: 0, ...report }],
  );
}

type Owner = Awaited<ReturnType<typeof memberOf>>;
/** The owner's alerts as `kind` → params, signed in afresh (the tests move the clock past a token's life). */
const alerts = async (owner: Owner) => {
  const jwt = await merchantToken(ctx, owner.user.id, owner.merchant.id);
  const response = await ctx.app.inject({ url: '/api/v1/notification/list', headers: bearer(jwt) });
  return (response.json().result.items as { kind: string; params: Record<string, unknown> }[]).map((item) => [
    item.kind,
    item.params,
  ]);
};

describe('anomaly alerts', () => {
  it('flags a full cash box, a nearly full bill acceptor and a low coin dispenser once per fill', async () => {
    const owner = await memberOf(ctx, 'merchant');
    const merchantId = owner.merchant.id;
    const changer = await createBoundDevice(ctx.db, { merchantId, name: 'Changer', kind: 'coinChanger', model: 'MC1' });
    const washer = await createBoundDevice(ctx.db, { merchantId, name: 'Washer' });
    await online(changer.hwid, {
      coinCount: 1850,
      cashBoxAmount: 18500,
      billAcceptor: [{ denomination: 100, count: 560, amount: 56000, usage: 900, ratio: 1 }],
      coinDispenser: { remainingAmount: 300, totalAmount: 2000, coinValue: 10 },
    });
    await online(washer.hwid, { coinCount: 100, cashBoxAmount: 1000 });
    await watch.scan();
    expect(Object.fromEntries(await alerts(owner))).toEqual({
      billAcceptorFull: { notes: 560, percent: 93 },
      cashBoxFull: { amount: 18500, coins: 1850, percent: 93 },
      coinDispenserLow: { percent: 15, remaining: 300 },
    });
    // The next scan raises nothing new; after a collection the box may alert again.
    await watch.scan();
    expect(await alerts(owner)).toHaveLength(3);
    await ctx.pool.query(
      `insert into device_logs (merchant_id, device_id, hwid, log_type, content_key, content, content_params)
       values ($1, $2, $3, 'reset', 'deviceLog.reset.cashBox', 'Reset: cashBox', '{}')`,
      [merchantId, changer.device.id, changer.hwid],
    );
    await watch.scan();
    expect((await alerts(owner)).filter(([kind]) => kind === 'cashBoxFull')).toHaveLength(2);
  });

  it('flags an online machine that stopped earning in its busy hours, once per silence', async () => {
    const owner = await memberOf(ctx, 'merchant');
    const merchantId = owner.merchant.id;
    const washer = await createBoundDevice(ctx.db, { merchantId, name: 'Busy washer' });
    await online(washer.hwid, {});
    // Four weeks of a sale every 30 minutes from 08:00 to 22:00 Taipei, up to Monday 10:00.
    const monday = new Date('2026-11-23T02:00:00Z');
    const times: Date[] = [];
    for (let day = 28; day >= 0; day -= 1) {
      const midnight = monday.getTime() - 10 * hour - day * 24 * hour;
      for (let minute = 8 * 60; minute < 22 * 60; minute += 30)
        if (midnight + minute * 60_000 <= monday.getTime()) times.push(new Date(midnight + minute * 60_000));
    }
    const first = await insertSale(ctx.db, { merchantId, deviceId: washer.device.id, createdAt: times[0]! });
    await ctx.pool.query(
      `insert into transactions (merchant_id, device_id, place_id, machine_type, pay_gateway, status, currency, total,
         encore, collected, fee, created_at, expect_posting_at, order_info)
       select merchant_id, device_id, place_id, machine_type, pay_gateway, status, currency, total, encore, collected,
              fee, at, expect_posting_at, order_info
         from transactions, unnest($2::timestamptz[]) as at where id = $1`,
      [first.id, times.slice(1)],
    );
    // An hour of silence at its busiest: nothing yet (under the two-hour minimum).
    ctx.clock.set(new Date(monday.getTime() + hour));
    watch.forgetProfiles();
    await watch.scan();
    expect(await alerts(owner)).toEqual([]);
    // Three hours: six sales expected at its pace, twice the factor of three.
    ctx.clock.set(new Date(monday.getTime() + 3 * hour));
    await watch.scan();
    await watch.scan();
    const raised = await alerts(owner);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toEqual(['idleMachine', expect.objectContaining({ idleHours: 3 })]);
  });
});
