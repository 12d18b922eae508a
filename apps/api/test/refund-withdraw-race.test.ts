import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts } from '../src/db/schema';
import { bearer, memberOf } from './helpers/fixtures';
import { insertSale } from './helpers/sales';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ SETTLEMENT_JOB_SECONDS: '0' });
});
afterAll(async () => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, jwt: string, payload?: object, key?: string) =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(jwt), ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });

const account = {
  bankCode: '812',
  bankName: 'Taishin Bank',
  branch: 'Neihu',
  accountNumber: '20680100012345',
  holder: 'Sunny Laundry Co.',
  holderIdNumber: 'A123456789',
};

async function verifiedShop() {
  const owner = await memberOf(ctx, 'merchant');
  const created = (await call('POST', '/bankbook', owner.jwt, account)).json().result;
  await ctx.db
    .update(bankAccounts)
    .set({ verification: 'verified' })
    .where(sql`id = ${created.id}`);
  return { owner, merchantId: owner.merchant.id, accountId: created.id as number };
}

describe('refunds racing withdrawals', () => {
  it('never deadlocks, and every answer says what happened to the sale', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { owner, merchantId } = await verifiedShop();
      const sales: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        const sale = await insertSale(ctx.db, {
          merchantId,
          payGateway: 'ApplePay',
          total: 5000 + i,
          createdAt: ctx.clock.now(),
          status: 2,
        });
        sales.push(sale.id);
      }
      const refunds = sales.map((id) => call('POST', `/transaction/${id}/refund`, owner.jwt));
      const withdrawals = Array.from({ length: 5 }, () =>
        call('POST', '/wallet/withdraw', owner.jwt, undefined, randomUUID()),
      );
      const [refunded, withdrawn] = await Promise.all([Promise.all(refunds), Promise.all(withdrawals)]);

      expect([...refunded, ...withdrawn].filter((answer) => answer.statusCode >= 500)).toEqual([]);
      for (const answer of withdrawn) {
        if (answer.statusCode !== 200) expect(answer.json().code).toBe(1104002);
      }
      const statuses = new Map(
        (
          await ctx.db.execute<{ id: number; status: number }>(
            sql`select id::int, status::int from transactions where merchant_id = ${merchantId}`,
          )
        ).rows.map((row) => [row.id, row.status]),
      );
      refunded.forEach((answer, i) => {
        const status = statuses.get(sales[i]!);
        if (answer.statusCode === 200) expect(status).toBe(98);
        else {
          expect(answer.json().code).toBe(10010);
          expect(status).toBe(3);
        }
      });

      // The ledger (docs/money.md): the wallet's figures are the sums of the sales' statuses.
      const wallet = (await call('GET', '/wallet/summary', owner.jwt)).json().result;
      const ledger = (
        await ctx.db.execute<Record<string, number>>(sql`select
            coalesce(sum(collected - fee) filter (where status in (2, 3, 4)), 0)::float8 as "settledNet",
            coalesce(sum(collected - fee) filter (where status = 2), 0)::float8 as "withdrawableNet",
            count(*) filter (where status = 98 and withdrawal_id is not null)::int as "refundedPaid"
          from transactions where merchant_id = ${merchantId}`)
      ).rows[0]!;
      const payouts = (
        await ctx.db.execute<Record<string, number>>(sql`select
            coalesce(sum(withdraw_fee), 0)::float8 as "withdrawFees",
            coalesce(sum(settlement_amount - total_fee), 0)::float8 as "paidNet"
          from withdrawals where merchant_id = ${merchantId} and transaction_count > 0`)
      ).rows[0]!;
      expect(wallet.withdrawable).toBe(ledger.withdrawableNet);
      expect(wallet.withdrawable + wallet.processing + wallet.withdrawn + payouts.withdrawFees!).toBe(
        ledger.settledNet,
      );
      expect(payouts.paidNet).toBe(ledger.settledNet! - ledger.withdrawableNet!);
      expect(ledger.refundedPaid).toBe(0);
    }
  });
});

describe('GET /wallet/withdraw-record/list', () => {
  it('keeps the bank account a withdrawal was paid to after the account is edited', async () => {
    const { owner, merchantId, accountId } = await verifiedShop();
    await insertSale(ctx.db, {
      merchantId,
      payGateway: 'ApplePay',
      total: 50000,
      createdAt: ctx.clock.now(),
      status: 2,
    });
    expect((await call('POST', '/wallet/withdraw', owner.jwt, undefined, randomUUID())).statusCode).toBe(200);
    const edited = await call('PUT', `/bankbook/${accountId}`, owner.jwt, {
      ...account,
      bankCode: '700',
      bankName: 'Chunghwa Post',
      branch: 'Xinyi',
      accountNumber: '00012345678999',
    });
    expect(edited.statusCode).toBe(200);
    const records = (await call('GET', '/wallet/withdraw-record/list', owner.jwt)).json().result;
    expect(records.items[0].bankAccount).toEqual({
      id: accountId,
      bankCode: '812',
      bankName: 'Taishin Bank',
      branch: 'Neihu',
      holder: 'Sunny Laundry Co.',
      accountNumber: '••••••••••2345',
    });
    const detail = (await call('GET', `/wallet/withdraw-record/${records.items[0].id}`, owner.jwt)).json().result;
    expect(detail.bankAccount.accountNumber).toBe('••••••••••2345');
  });
});
