import { ErrorCode, type WalletSummary, type Withdrawal } from '@sbo/contracts';
import { defaultWithdrawFee, withdrawFeeByCurrency } from '@sbo/contracts/settlement';
import type { Database } from '../../db/client';
import type { withdrawals } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import type { MerchantAuth } from '../../plugins/access';
import { findDefaultBankAccount, maskTail, toBankAccount } from '../bank-account/service';
import type { MerchantScope } from '../../scope/merchant-scope';
import { findMerchant, lockMerchant } from '../merchant/service';
import type { PayoutProvider } from './payout-provider';
import * as repo from './repository';

/** A withdrawal names the bank account as it was paid to (kept on the row), not as it reads today. */
function toWithdrawal(w: typeof withdrawals.$inferSelect): Withdrawal {
  return {
    id: w.id,
    status: w.status,
    currency: w.currency,
    transactionCount: w.transactionCount,
    settlementAmount: w.settlementAmount,
    totalFee: w.totalFee,
    withdrawFee: w.withdrawFee,
    totalAmount: w.totalAmount,
    bankAccount: {
      id: w.bankAccountId,
      bankCode: w.bankCode,
      bankName: w.bankName,
      branch: w.branch,
      holder: w.accountHolder,
      accountNumber: w.maskedAccountNumber,
    },
    provider: w.provider,
    providerReference: w.providerReference,
    createdAt: w.createdAt.toISOString(),
    completedAt: w.completedAt?.toISOString() ?? null,
    failureReason: w.failureReason,
  };
}

const withdrawFeeFor = (currency: string) => withdrawFeeByCurrency[currency] ?? defaultWithdrawFee;

/**
 * The wallet (spec section 3): money settled by the gateways less their fees, withdrawn in one
 * payout of everything withdrawable to the default verified bank account. A withdrawal locks the
 * merchant row, so concurrent requests queue; the same Idempotency-Key returns the first answer.
 */
export function createWalletService(deps: { db: Database; clock: Clock; payouts: PayoutProvider | null }) {
  const { db, clock, payouts } = deps;

  async function currencyOf(scope: MerchantScope) {
    const merchant = await findMerchant(db, scope);
    if (!merchant) throw new AppError(ErrorCode.USER_OR_MERCHANT_NOT_FOUND);
    return merchant.currency;
  }

  async function answer(scope: MerchantScope, id: number) {
    const row = await repo.findWithdrawal(db, scope, id);
    if (!row) throw new AppError(ErrorCode.DATA_NOT_FOUND);
    return toWithdrawal(row);
  }

  return {
    async summary(scope: MerchantScope): Promise<WalletSummary> {
      const [currency, figures, account] = await Promise.all([
        currencyOf(scope),
        repo.walletFigures(db, scope),
        findDefaultBankAccount(db, scope),
      ]);
      const withdrawable = figures.settlementAmount - figures.totalFee;
      const withdrawFee = withdrawFeeFor(currency);
      return {
        currency,
        withdrawable,
        processing: figures.processing,
        withdrawn: figures.withdrawn,
        withdrawFee,
        totalFee: figures.totalFee,
        settlementAmount: figures.settlementAmount,
        totalAmount: Math.max(0, withdrawable - withdrawFee),
        inSettlement: figures.inSettlement,
        transactionCount: figures.transactionCount,
        bankAccount: account ? toBankAccount(account) : null,
        payoutProvider: payouts ? { name: payouts.name, sandbox: payouts.sandbox } : null,
      };
    },

    async withdraw(auth: MerchantAuth, idempotencyKey: string): Promise<Withdrawal> {
      // No provider to send the money to: refused before anything in the wallet moves.
      if (!payouts) throw new AppError(ErrorCode.PAYOUTS_NOT_SET_UP);
      const provider = payouts;
      const earlier = await repo.findWithdrawalByKey(db, auth, idempotencyKey);
      if (earlier) return answer(auth, earlier.id);
      const created = await db.transaction(async (tx) => {
        const merchant = await lockMerchant(tx, auth);
        if (!merchant) throw new AppError(ErrorCode.USER_OR_MERCHANT_NOT_FOUND);
        // A request with the same key may have committed while this one waited for the lock.
        const raced = await repo.findWithdrawalByKey(tx, auth, idempotencyKey);
        if (raced) return { row: raced, fresh: false };
        const account = await findDefaultBankAccount(tx, auth);
        if (!account || account.verification !== 'verified') throw new AppError(ErrorCode.BANK_ACCOUNT_INVALID);
        const withdrawFee = withdrawFeeFor(merchant.currency);
        const draft = await repo.insertWithdrawal(tx, {
          merchantId: auth.merchantId,
          bankAccountId: account.id,
          bankCode: account.bankCode,
          bankName: account.bankName,
          branch: account.branch,
          accountHolder: account.holder,
          maskedAccountNumber: maskTail(account.accountNumber),
          idempotencyKey,
          currency: merchant.currency,
          transactionCount: 0,
          withdrawFee,
          provider: provider.name,
          requestedBy: auth.userId,
          createdAt: clock.now(),
        });
        const moved = await repo.claimWithdrawable(tx, auth, draft.id);
        const net = moved.collected - moved.fee;
        if (moved.count === 0 || net <= withdrawFee) throw new AppError(ErrorCode.NO_WITHDRAWABLE_AMOUNT);
        const row = await repo.updateWithdrawal(tx, draft.id, {
          transactionCount: moved.count,
          settlementAmount: moved.collected,
          totalFee: moved.fee,
          totalAmount: net - withdrawFee,
        });
        await writeAudit(tx, auth, {
          action: 'wallet.withdraw',
          entity: 'withdrawal',
          entityId: row.id,
          after: { totalAmount: row.totalAmount, transactionCount: row.transactionCount, bankAccountId: account.id },
        });
        return { row, fresh: true, account };
      });
      if (created.fresh && created.account) {
        const { reference } = await provider.send({
          withdrawalId: created.row.id,
          merchantId: auth.merchantId,
          currency: created.row.currency,
          amount: created.row.totalAmount,
          bank: created.account,
        });
        await repo.updateWithdrawal(db, created.row.id, { providerReference: reference });
      }
      return answer(auth, created.row.id);
    },

    async records(scope: MerchantScope, page: { page: number; pageSize: number }) {
      const { rows, total } = await repo.listWithdrawals(db, scope, page);
      return { items: rows.map(toWithdrawal), total, page: page.page, pageSize: page.pageSize };
    },

    record: answer,
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
