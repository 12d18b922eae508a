import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentGateways } from '@sbo/contracts';
import { bankAccounts } from '../src/db/schema';
import { startMoneyJobs } from '../src/modules/wallet/jobs';
import { bearer, memberOf, merchantToken } from './helpers/fixtures';
import { insertSale } from './helpers/sales';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let jobs: ReturnType<typeof startMoneyJobs>;
beforeAll(async () => {
  // The background job is off here; tests run it at the moments they choose.
  ctx = await createTestApp({ SETTLEMENT_JOB_SECONDS: '0', PAYOUT_SANDBOX_DELAY_SECONDS: '60' });
  jobs = startMoneyJobs({ db: ctx.db, clock: ctx.clock, everySeconds: 0, sandboxDelaySeconds: 60, log: ctx.app.log });
});
afterAll(async () => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, jwt: string, payload?: object, key?: string) =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(jwt), ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });

const account = (patch: Record<string, unknown> = {}) => ({
  bankCode: '812',
  bankName: 'Taishin Bank',
  branch: 'Neihu',
  accountNumber: '20680100012345',
  holder: 'Sunny Laundry Co.',
  holderIdNumber: 'A123456789',
  ...patch,
});

async function verifiedShop() {
  const owner = await memberOf(ctx, 'merchant');
  const created = (await call('POST', '/bankbook', owner.jwt, account())).json().result;
  await ctx.db
    .update(bankAccounts)
    .set({ verification: 'verified' })
    .where(sql`id = ${created.id}`);
  return { owner, merchantId: owner.merchant.id, accountId: created.id as number };
}

type Member = Awaited<ReturnType<typeof memberOf>>;
/** Tokens last a day and these tests move the clock by days: each call signs in afresh. */
const tokenOf = (member: Member) => merchantToken(ctx, member.user.id, member.merchant.id);
const summaryOf = async (member: Member) => (await call('GET', '/wallet/summary', await tokenOf(member))).json().result;
const day = 86_400_000;

describe('bank accounts', () => {
  it('adds the first account as default, checks the holder ID, and refuses a duplicate', async () => {
    const { jwt } = await memberOf(ctx, 'merchant');
    const first = await call('POST', '/bankbook', jwt, account());
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toMatchObject({
      isDefault: true,
      verification: 'verifying',
      holderIdNumber: '••••••6789',
    });
    expect((await call('POST', '/bankbook', jwt, account())).json().code).toBe(1104010);
    expect(
      (await call('POST', '/bankbook', jwt, account({ accountNumber: '999999', holderIdNumber: 'A123456788' }))).json()
        .code,
    ).toBe(1104011);
    expect((await call('POST', '/bankbook', jwt, account({ accountNumber: 'abc' }))).statusCode).toBe(400);
    const second = (
      await call('POST', '/bankbook', jwt, account({ accountNumber: '888888888', isDefault: true }))
    ).json().result;
    const list = (await call('GET', '/bankbook/list', jwt)).json().result;
    expect(list.map((item: { id: number; isDefault: boolean }) => [item.id, item.isDefault])).toEqual([
      [second.id, true],
      [first.json().result.id, false],
    ]);
  });

  it("answers 10005 for another merchant's account, as for a missing one, and sends an edited account back to verification", async () => {
    const { owner, accountId } = await verifiedShop();
    const stranger = await memberOf(ctx, 'merchant');
    expect((await call('GET', `/bankbook/${accountId}`, stranger.jwt)).json().code).toBe(10005);
    expect((await call('PUT', `/bankbook/${accountId}`, stranger.jwt, account())).json().code).toBe(10005);
    const renamedBranch = (await call('PUT', `/bankbook/${accountId}`, owner.jwt, account({ branch: 'Xinyi' }))).json()
      .result;
    expect(renamedBranch).toMatchObject({ branch: 'Xinyi', verification: 'verified' });
    const moved = (
      await call('PUT', `/bankbook/${accountId}`, owner.jwt, account({ accountNumber: '777777777' }))
    ).json().result;
    expect(moved.verification).toBe('verifying');
  });

  it('keeps the stored holder ID number when an edit leaves it out, and checks a new one', async () => {
    const { owner, accountId } = await verifiedShop();
    const { holderIdNumber: _kept, ...withoutId } = account({ branch: 'Songshan', isDefault: true });
    const edited = (await call('PUT', `/bankbook/${accountId}`, owner.jwt, withoutId)).json().result;
    expect(edited).toMatchObject({ branch: 'Songshan', holderIdNumber: '••••••6789', verification: 'verified' });
    const wrongId = await call('PUT', `/bankbook/${accountId}`, owner.jwt, account({ holderIdNumber: 'A123456788' }));
    expect(wrongId.json().code).toBe(1104011);
  });

  it('is verified by a service agent only', async () => {
    const { owner, accountId } = await verifiedShop();
    expect(
      (await call('PUT', `/admin/bankbook/${accountId}/verification`, owner.jwt, { verification: 'verified' })).json()
        .code,
    ).toBe(1104016);
    const root = await memberOf(ctx, 'root');
    const pending = (await call('GET', '/admin/bankbook?verification=verified', root.jwt)).json().result;
    expect(pending.some((item: { id: number }) => item.id === accountId)).toBe(true);
    const failed = await call('PUT', `/admin/bankbook/${accountId}/verification`, root.jwt, {
      verification: 'verifyFailed',
      note: 'Name differs',
    });
    expect(failed.json().result).toMatchObject({ verification: 'verifyFailed', verificationNote: 'Name differs' });
  });
});

describe('settlement and withdrawals', () => {
  it('posts mobile payments at their posting time, then withdraws them once to the verified account', async () => {
    const { owner, merchantId } = await verifiedShop();
    const now = ctx.clock.now();
    await insertSale(ctx.db, { merchantId, payGateway: 'LinePay', total: 10000, createdAt: now }); // fee 300, 3 days
    await insertSale(ctx.db, { merchantId, payGateway: 'PromptPay', total: 5000, createdAt: now }); // fee 75, 1 day
    await insertSale(ctx.db, { merchantId, payGateway: 'offline', total: 4000, createdAt: now });
    await insertSale(ctx.db, { merchantId, payGateway: 'EDC', total: 4000, createdAt: now });
    const refunded = await insertSale(ctx.db, { merchantId, payGateway: 'LinePay', total: 2000, createdAt: now });
    expect((await call('POST', `/transaction/${refunded.id}/refund`, await tokenOf(owner))).json().result.status).toBe(
      98,
    );

    expect(await summaryOf(owner)).toMatchObject({ withdrawable: 0, inSettlement: 9700 + 4925 });
    expect((await call('POST', '/wallet/withdraw', await tokenOf(owner), undefined, randomUUID())).json().code).toBe(
      1104002,
    );

    ctx.clock.advance(day);
    await jobs.runOnce();
    expect(await summaryOf(owner)).toMatchObject({
      withdrawable: 4925,
      settlementAmount: 5000,
      totalFee: 75,
      inSettlement: 9700,
    });
    ctx.clock.advance(2 * day);
    await jobs.runOnce();
    const summary = await summaryOf(owner);
    expect(summary).toMatchObject({
      withdrawable: 14625,
      totalFee: 375,
      settlementAmount: 15000,
      withdrawFee: 1500,
      totalAmount: 13125,
    });
    expect(summary.payoutProvider).toEqual({ name: 'sandbox', sandbox: true });

    const key = randomUUID();
    const first = await call('POST', '/wallet/withdraw', await tokenOf(owner), undefined, key);
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toMatchObject({
      status: 'processing',
      totalAmount: 13125,
      transactionCount: 2,
      withdrawFee: 1500,
    });
    expect(first.json().result.providerReference).toMatch(/^SANDBOX-/);
    const repeat = await call('POST', '/wallet/withdraw', await tokenOf(owner), undefined, key);
    expect(repeat.json().result).toEqual(first.json().result);
    expect(await summaryOf(owner)).toMatchObject({ withdrawable: 0, processing: 13125, withdrawn: 0 });

    ctx.clock.advance(61_000);
    await jobs.runOnce();
    expect(await summaryOf(owner)).toMatchObject({ withdrawable: 0, processing: 0, withdrawn: 13125 });
    const records = (await call('GET', '/wallet/withdraw-record/list', await tokenOf(owner))).json().result;
    expect(records.items).toHaveLength(1);
    expect(records.items[0]).toMatchObject({ status: 'completed', bankAccount: { accountNumber: '••••••••••2345' } });
    const paid = (
      await call('GET', `/wallet/withdraw-record/${records.items[0].id}/transactions`, await tokenOf(owner))
    ).json().result;
    expect(paid.items.map((item: { status: number }) => item.status)).toEqual([4, 4]);
    expect((await call('POST', `/transaction/${paid.items[0].id}/refund`, await tokenOf(owner))).json().code).toBe(
      10010,
    );
  });

  it('refuses without a default verified account (1104003) and without a key (400)', async () => {
    const owner = await memberOf(ctx, 'merchant');
    await insertSale(ctx.db, { merchantId: owner.merchant.id, createdAt: ctx.clock.now(), status: 2 });
    expect((await call('POST', '/wallet/withdraw', owner.jwt, undefined, randomUUID())).json().code).toBe(1104003);
    await call('POST', '/bankbook', owner.jwt, account());
    expect((await call('POST', '/wallet/withdraw', owner.jwt, undefined, randomUUID())).json().code).toBe(1104003);
    expect((await call('POST', '/wallet/withdraw', owner.jwt)).statusCode).toBe(400);
  });

  it('lets shareholders read the wallet but not withdraw', async () => {
    const shareholder = await memberOf(ctx, 'shareholder');
    expect((await call('GET', '/wallet/summary', shareholder.jwt)).statusCode).toBe(200);
    expect((await call('POST', '/wallet/withdraw', shareholder.jwt, undefined, randomUUID())).json().code).toBe(
      1104016,
    );
    expect((await call('POST', '/bankbook', shareholder.jwt, account())).json().code).toBe(1104016);
  });

  it('pays out exactly the withdrawable amount once under 50 concurrent withdrawals', async () => {
    const { owner, merchantId } = await verifiedShop();
    for (let i = 0; i < 20; i += 1) {
      await insertSale(ctx.db, {
        merchantId,
        payGateway: 'ApplePay',
        total: 1000 + i,
        createdAt: ctx.clock.now(),
        status: 2,
      });
    }
    const before = await summaryOf(owner);
    const keys = Array.from({ length: 50 }, (_, i) => (i % 5 === 0 ? 'shared-key-0001' : randomUUID()));
    const answers = await Promise.all(keys.map((key) => call('POST', '/wallet/withdraw', owner.jwt, undefined, key)));
    const succeeded = answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json().result.id);
    const refused = answers.filter((answer) => answer.statusCode === 478).map((answer) => answer.json().code);
    expect(new Set(refused)).toEqual(new Set([1104002]));
    const ids = new Set(succeeded);
    expect(ids.size).toBe(1);
    const after = await summaryOf(owner);
    expect(after).toMatchObject({ withdrawable: 0, processing: before.totalAmount });
    const counted = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from withdrawals where merchant_id = ${merchantId}`,
    );
    expect(counted.rows[0]!.n).toBe(1);
  });
});

describe('the ledger', () => {
  type Step =
    | { kind: 'sale'; gateway: (typeof paymentGateways)[number]; total: number; encore: number }
    | { kind: 'refund'; pick: number }
    | { kind: 'pass'; hours: number }
    | { kind: 'withdraw' };
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({
      kind: fc.constant('sale' as const),
      gateway: fc.constantFrom(...paymentGateways),
      total: fc.integer({ min: 1, max: 500_000 }),
      encore: fc.integer({ min: 0, max: 2_000 }),
    }),
    fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('pass' as const), hours: fc.integer({ min: 1, max: 100 }) }),
    fc.constant({ kind: 'withdraw' as const }),
  );

  it('always adds up: withdrawable + processing + withdrawn + fees = what settled, nothing counted twice', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const { owner, merchantId } = await verifiedShop();
        const sales: number[] = [];
        for (const current of steps) {
          if (current.kind === 'sale') {
            const encore = Math.min(current.encore, current.total);
            const row = await insertSale(ctx.db, {
              merchantId,
              payGateway: current.gateway,
              total: current.total,
              encore,
              createdAt: ctx.clock.now(),
            });
            sales.push(row.id);
          } else if (current.kind === 'refund' && sales.length > 0) {
            await call('POST', `/transaction/${sales[current.pick % sales.length]}/refund`, await tokenOf(owner));
          } else if (current.kind === 'pass') {
            ctx.clock.advance(current.hours * 3_600_000);
            await jobs.runOnce();
          } else if (current.kind === 'withdraw') {
            const answer = await call('POST', '/wallet/withdraw', await tokenOf(owner), undefined, randomUUID());
            expect([200, 478]).toContain(answer.statusCode);
            if (answer.statusCode === 478) expect(answer.json().code).toBe(1104002);
          }
          const wallet = await summaryOf(owner);
          const ledger = (
            await ctx.db.execute<Record<string, number>>(sql`select
                coalesce(sum(collected) filter (where status in (2, 3, 4)), 0)::float8 as settled,
                coalesce(sum(fee) filter (where status in (2, 3, 4)), 0)::float8 as fees,
                coalesce(sum(collected) filter (where status in (3, 4)), 0)::float8 as paid,
                count(*) filter (where status = 98 and withdrawal_id is not null)::int as "refundedPaid"
              from transactions where merchant_id = ${merchantId}`)
          ).rows[0]!;
          const payouts = (
            await ctx.db.execute<Record<string, number>>(sql`select
                coalesce(sum(withdraw_fee), 0)::float8 as "withdrawFees",
                coalesce(sum(settlement_amount), 0)::float8 as "paidOut"
              from withdrawals where merchant_id = ${merchantId} and transaction_count > 0`)
          ).rows[0]!;
          expect(
            wallet.withdrawable + wallet.processing + wallet.withdrawn + ledger.fees! + payouts.withdrawFees!,
          ).toBe(ledger.settled);
          expect(payouts.paidOut).toBe(ledger.paid);
          expect(ledger.refundedPaid).toBe(0);
        }
      }),
      { numRuns: 25 },
    );
  });
});
