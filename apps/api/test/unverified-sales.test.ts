import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protocolVersion } from '@sbo/contracts/mqtt';
import { bankAccounts } from '../src/db/schema';
import { startMoneyJobs } from '../src/modules/wallet/jobs';
import { bearer, memberOf, merchantToken } from './helpers/fixtures';
import { createBoundDevice, eventually } from './helpers/devices';
import { createTestApp, fastDeviceEnv, type TestContext } from './helpers/test-app';
import { TestDevice } from './helpers/test-device';

let ctx: TestContext;
let jobs: ReturnType<typeof startMoneyJobs>;
beforeAll(async () => {
  ctx = await createTestApp({ ...fastDeviceEnv, SETTLEMENT_JOB_SECONDS: '0' }, undefined, { gateway: true });
  // Devices stamp their events with the real time: the api's clock starts there too.
  ctx.clock.set(new Date());
  jobs = startMoneyJobs({ db: ctx.db, clock: ctx.clock, everySeconds: 0, sandboxDelaySeconds: 30, log: ctx.app.log });
});
afterAll(async () => ctx.close());

const day = 86_400_000;
type Member = Awaited<ReturnType<typeof memberOf>>;
/** The test moves the clock by days: each call signs in afresh. */
const call = async (member: Member, method: 'GET' | 'POST', url: string, key?: string) =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: {
      ...bearer(await merchantToken(ctx, member.user.id, member.merchant.id)),
      ...(key ? { 'idempotency-key': key } : {}),
    },
  });

/** A merchant with a verified bank account and one machine online, as the attacker found it. */
async function shopWithMachine() {
  const owner = await memberOf(ctx, 'merchant');
  const merchantId = owner.merchant.id;
  await ctx.db.insert(bankAccounts).values({
    merchantId,
    bankCode: '812',
    bankName: 'Taishin Bank',
    accountNumber: '20680100012345',
    holder: 'Sunny Laundry Co.',
    holderIdNumber: 'A123456789',
    verification: 'verified',
    isDefault: true,
  });
  const bound = await createBoundDevice(ctx.db, { merchantId });
  const device = await TestDevice.connect(ctx.gateway!.brokerUrl, { hwid: bound.hwid, secret: bound.secret });
  return { owner, merchantId, device };
}

const transactionsOf = async (merchantId: number) =>
  (
    await ctx.db.execute<{ status: number; total: number; order_id: string | null }>(
      sql`select status::int, total::int, order_id from transactions where merchant_id = ${merchantId} order by id`,
    )
  ).rows;

describe('a sale a machine reports with a platform gateway', () => {
  it('never becomes withdrawable on the machine word alone, even back-dated past its posting time', async () => {
    const { owner, merchantId, device } = await shopWithMachine();
    const sentAt = Date.now();
    // Five LinePay "sales" of 1,000.00, dated ten days back, published with the device's own secret.
    for (let i = 0; i < 5; i += 1) {
      await device.publish('event', {
        v: protocolVersion,
        eventId: `forged-${i}`,
        occurredAt: sentAt - 10 * day,
        sentAt,
        kind: 'sale',
        amount: 100_000,
        payGateway: 'LinePay',
        orderId: `forged-order-${i}`,
      });
    }
    await device.event({ kind: 'sale', amount: 3000, payGateway: 'offline' });
    await eventually(async () => (await transactionsOf(merchantId)).length === 6);

    ctx.clock.advance(5 * day);
    await jobs.runOnce();
    ctx.clock.advance(60_000);
    await jobs.runOnce();

    const rows = await transactionsOf(merchantId);
    expect(rows.filter((row) => row.status === 97)).toHaveLength(5);
    expect(rows.filter((row) => row.status === 0)).toHaveLength(1);
    const wallet = (await call(owner, 'GET', '/wallet/summary')).json().result;
    expect(wallet).toMatchObject({
      withdrawable: 0,
      inSettlement: 0,
      settlementAmount: 0,
      processing: 0,
      withdrawn: 0,
    });
    expect((await call(owner, 'POST', '/wallet/withdraw', randomUUID())).json().code).toBe(1104002);

    // The records show them under their own status; the totals, like revenue, hold only the cash sale.
    const from = new Date(sentAt - 12 * day).toISOString().slice(0, 10);
    const all = (await call(owner, 'GET', `/transaction/list?from=${from}`)).json().result;
    expect(all.total).toBe(6);
    expect(all.totals).toMatchObject({ count: 1, total: 3000, revenue: 3000 });
    const unverified = (await call(owner, 'GET', `/transaction/list?from=${from}&status=97`)).json().result;
    expect(unverified.items.map((row: { status: number }) => row.status)).toEqual([97, 97, 97, 97, 97]);
    expect(unverified.total).toBe(5);
    expect(unverified.totals).toMatchObject({ count: 0, revenue: 0 });

    const overview = (await call(owner, 'GET', '/dashboard/overview')).json().result;
    expect(overview.unverifiedSales).toMatchObject({ count: 5, total: 500_000 });
    expect(overview.sales.thisMonth.revenue + overview.sales.lastMonth.revenue).toBe(3000);
    const statistics = (await call(owner, 'GET', `/revenue/statistics?from=${from}&groupBy=payGateway`)).json().result;
    expect(statistics.totals).toMatchObject({ count: 1, revenue: 3000 });
    await device.close();
  });

  it('makes one transaction of one payment order, whatever number of sale events name it', async () => {
    const { merchantId, device } = await shopWithMachine();
    const sale = { kind: 'sale', amount: 6000, payGateway: 'LinePay', orderId: 'order-twice' } as const;
    await device.event(sale);
    await device.event(sale); // another event id, the same order
    await device.event({ ...sale, payGateway: 'JkoPay' }); // another gateway's order of that number
    await eventually(async () => {
      const events = await ctx.db.execute(sql`select 1 from device_events where merchant_id = ${merchantId}`);
      return events.rows.length === 3;
    });
    const rows = await transactionsOf(merchantId);
    expect(rows.map((row) => row.order_id)).toEqual(['order-twice', 'order-twice']);
    expect(rows.map((row) => row.status)).toEqual([97, 97]);
    await device.close();
  });
});
