import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, memberOf, merchantToken } from './helpers/fixtures';
import { createBoundDevice, eventually } from './helpers/devices';
import { createTestApp, fastDeviceEnv, type TestContext } from './helpers/test-app';
import { TestDevice } from './helpers/test-device';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp(fastDeviceEnv, undefined, { gateway: true });
});
afterAll(async () => ctx.close());

const minute = 60_000;
const day = 86_400_000;
const get = (url: string, jwt: string) => ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(jwt) });

/** A time column as epoch milliseconds (raw queries hand timestamps back as text). */
const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8 as ${column}`);

type Sale = { id: number; total: number; created_at: number; clock_off: boolean; reported_at: number | null };
const salesOf = async (merchantId: number) =>
  (
    await ctx.db.execute<Sale>(
      sql`select id::int, total::int, ${ms('created_at')}, clock_off, ${ms('reported_at')} from transactions
           where merchant_id = ${merchantId} order by id`,
    )
  ).rows;
const saleOf = async (merchantId: number, total: number) =>
  (await salesOf(merchantId)).find((sale) => sale.total === total)!;

/** A merchant (Asia/Taipei) with one washer whose controller keeps the test's clock. */
async function shop() {
  const owner = await memberOf(ctx, 'merchant');
  const merchantId = owner.merchant.id;
  const bound = await createBoundDevice(ctx.db, { merchantId });
  const device = await TestDevice.connect(ctx.gateway!.brokerUrl, {
    hwid: bound.hwid,
    secret: bound.secret,
    clock: ctx.clock,
  });
  return { owner, merchantId, bound, device };
}

/** A cash sale the machine stamps with its own clock; waits until it is stored. */
async function sell(
  device: TestDevice,
  merchantId: number,
  amount: number,
  times: { occurredAt?: number; sentAt?: number } = {},
) {
  const before = (await salesOf(merchantId)).length;
  await device.event({ kind: 'sale', amount, payGateway: 'offline' }, undefined, times);
  await eventually(async () => (await salesOf(merchantId)).length > before);
}

describe('a sale a machine reports with its clock off', () => {
  it('is recorded when received, flagged with the reported time kept, and a closed day keeps its figures', async () => {
    const now = new Date('2026-11-22T02:00:00Z').getTime(); // 10:00 in Taipei
    ctx.clock.set(new Date(now - 10 * day + 2 * 3_600_000)); // 2026-11-12, 12:00 in Taipei
    const { owner, merchantId, device } = await shop();
    await sell(device, merchantId, 1_000);
    ctx.clock.set(new Date(now - day + 2 * 3_600_000)); // yesterday, 12:00 in Taipei
    await sell(device, merchantId, 5_000);
    ctx.clock.set(new Date(now));
    const jwt = await merchantToken(ctx, owner.user.id, merchantId);

    const dayFigures = async (from: string) =>
      (await get(`/revenue/statistics?from=${from}&to=${from}&groupBy=day`, jwt)).json().result.totals;
    const yesterday = async () => (await get('/dashboard/overview', jwt)).json().result.sales.yesterday;
    const closedDay = await dayFigures('2026-11-12');
    const closedYesterday = await yesterday();
    expect(closedDay).toMatchObject({ count: 1, total: 1_000 });
    expect(closedYesterday).toMatchObject({ count: 1, total: 5_000 });

    // Ten days back (the whole clock), thirty days ahead, a day-old sale sent now (an outbox kept
    // while offline), and one five minutes off: only the last is taken as reported.
    const tenDaysBack = now - 10 * day + 3_600_000;
    await sell(device, merchantId, 7_000, { occurredAt: tenDaysBack, sentAt: tenDaysBack });
    const thirtyDaysAhead = now + 30 * day;
    await sell(device, merchantId, 3_000, { occurredAt: thirtyDaysAhead, sentAt: thirtyDaysAhead });
    const yesterdayMorning = now - 20 * 3_600_000;
    await sell(device, merchantId, 2_000, { occurredAt: yesterdayMorning, sentAt: now });
    const fiveMinutesOff = now - 5 * minute;
    await sell(device, merchantId, 4_000, { occurredAt: fiveMinutesOff, sentAt: fiveMinutesOff });

    for (const [total, reported] of [
      [7_000, tenDaysBack],
      [3_000, thirtyDaysAhead],
      [2_000, yesterdayMorning],
    ] as const) {
      const sale = await saleOf(merchantId, total);
      expect(sale).toMatchObject({ created_at: now, clock_off: true, reported_at: reported });
    }
    const onTime = await saleOf(merchantId, 4_000);
    expect(onTime).toMatchObject({ created_at: fiveMinutesOff, clock_off: false, reported_at: null });

    // The days already reported are unchanged; the late sales count on the day they arrived.
    expect(await dayFigures('2026-11-12')).toEqual(closedDay);
    expect(await yesterday()).toEqual(closedYesterday);
    expect(await dayFigures('2026-11-22')).toMatchObject({ count: 4, total: 16_000 });
    expect(await dayFigures('2026-12-22')).toMatchObject({ count: 0, total: 0 });

    // The record says what the machine claimed.
    const flagged = (await get(`/transaction/${(await saleOf(merchantId, 7_000)).id}`, jwt)).json().result;
    expect(flagged).toMatchObject({
      createdAt: new Date(now).toISOString(),
      clockOff: true,
      reportedAt: new Date(tenDaysBack).toISOString(),
    });
    const accepted = (await get(`/transaction/${onTime.id}`, jwt)).json().result;
    expect(accepted).toMatchObject({ clockOff: false, reportedAt: null });

    // The event keeps the device's time beside the one it is recorded at.
    const { rows } = await ctx.db.execute(
      sql`select ${ms('occurred_at')}, ${ms('device_occurred_at')}, ${ms('received_at')} from device_events
           where merchant_id = ${merchantId} and amount = 7000`,
    );
    expect(rows[0]).toEqual({ occurred_at: now, received_at: now, device_occurred_at: tenDaysBack });
    await device.close();
  });

  it("takes a state report's time only within the tolerance", async () => {
    const now = new Date('2026-11-22T03:00:00Z').getTime();
    ctx.clock.set(new Date(now));
    const { bound, device } = await shop();
    const reportedAt = async () =>
      (
        await ctx.db.execute<{ reported_at: number; seq: number }>(
          sql`select ${ms('reported_at')}, seq from device_state where hwid = ${bound.hwid}`,
        )
      ).rows[0];

    const ahead = await device.state({ sentAt: now + 30 * day });
    const stored = await eventually(async () => {
      const row = await reportedAt();
      return row?.seq === ahead.seq && row;
    });
    expect(stored.reported_at).toBe(now);

    const close = await device.state({ sentAt: now - minute });
    const next = await eventually(async () => {
      const row = await reportedAt();
      return row?.seq === close.seq && row;
    });
    expect(next.reported_at).toBe(now - minute);
    await device.close();
  });
});

describe('DEVICE_CLOCK_TOLERANCE_SECONDS', () => {
  it('sets the window: five minutes off is outside a one-minute tolerance', async () => {
    const narrow = await createTestApp({ ...fastDeviceEnv, DEVICE_CLOCK_TOLERANCE_SECONDS: '60' }, undefined, {
      gateway: true,
    });
    try {
      const owner = await memberOf(narrow, 'merchant');
      const bound = await createBoundDevice(narrow.db, { merchantId: owner.merchant.id });
      const device = await TestDevice.connect(narrow.gateway!.brokerUrl, {
        hwid: bound.hwid,
        secret: bound.secret,
        clock: narrow.clock,
      });
      const now = narrow.clock.now().getTime();
      await device.event({ kind: 'sale', amount: 4_000, payGateway: 'offline' }, undefined, {
        occurredAt: now - 5 * minute,
        sentAt: now - 5 * minute,
      });
      const sale = await eventually(
        async () =>
          (
            await narrow.db.execute<{ created_at: number; clock_off: boolean }>(
              sql`select ${ms('created_at')}, clock_off from transactions where merchant_id = ${owner.merchant.id}`,
            )
          ).rows[0],
      );
      expect(sale).toEqual({ created_at: now, clock_off: true });
      await device.close();
    } finally {
      await narrow.close();
    }
  });
});
