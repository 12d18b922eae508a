import type { FastifyPluginAsync } from 'fastify';
import { walletEndpoints as contract } from '@sbo/contracts/api/endpoints/wallet';
import { addEndpoint } from '../../lib/endpoint-route';
import { requireMerchant } from '../../plugins/auth-context';
import type { TransactionService } from '../transaction/service';
import type { WalletService } from './service';

type Deps = { wallet: WalletService; transactions: TransactionService };

export const walletRoutes: FastifyPluginAsync<Deps> = async (app, { wallet, transactions }) => {
  addEndpoint(app, contract.walletSummary, async (request) => ({
    result: await wallet.summary(requireMerchant(request)),
  }));

  addEndpoint(app, contract.walletWithdraw, async (request) => ({
    result: await wallet.withdraw(requireMerchant(request), request.headers['idempotency-key']),
  }));

  addEndpoint(app, contract.withdrawRecordList, async (request) => ({
    result: await wallet.records(requireMerchant(request), request.query),
  }));

  addEndpoint(app, contract.withdrawRecordDetail, async (request) => ({
    result: await wallet.record(requireMerchant(request), request.params.id),
  }));

  addEndpoint(app, contract.withdrawRecordTransactions, async (request) => {
    const scope = requireMerchant(request);
    await wallet.record(scope, request.params.id);
    return { result: await transactions.ofWithdrawal(scope, request.params.id, request.query) };
  });
};
