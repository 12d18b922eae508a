import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  idParam,
  page,
  transactionRow,
  walletSummary,
  withdrawal,
  withdrawalListQuery,
} from '@sbo/contracts';
import { requireMerchant } from '../../plugins/auth-context';
import type { TransactionService } from '../transaction/service';
import type { WalletService } from './service';

type Deps = { wallet: WalletService; transactions: TransactionService };
const tags = ['wallet'];

/** Money-moving calls carry an Idempotency-Key: a repeat returns the first answer. */
const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{8,128}$/, '8-128 letters, digits, or _ . : -')
    .describe('one per intended withdrawal, e.g. a UUID'),
});

export const walletRoutes: FastifyPluginAsyncZod<Deps> = async (app, { wallet, transactions }) => {
  app.get('/wallet/summary', {
    config: { access: { token: 'merchant', permission: 'wallet.read' } },
    schema: {
      tags,
      summary: 'Withdrawable, processing and withdrawn amounts, fees, and the default bank account',
      response: { 200: envelope(walletSummary) },
    },
    handler: async (request) => ({ result: await wallet.summary(requireMerchant(request)) }),
  });

  app.post('/wallet/withdraw', {
    config: { access: { token: 'merchant', permission: 'wallet.withdraw' } },
    schema: {
      tags,
      summary: 'Withdraw everything withdrawable to the default verified bank account',
      description: '1104002 nothing to withdraw (or not more than the fee); 1104003 no default verified account.',
      headers: idempotencyHeaders,
      response: { 200: envelope(withdrawal) },
    },
    handler: async (request) => ({
      result: await wallet.withdraw(requireMerchant(request), request.headers['idempotency-key']),
    }),
  });

  app.get('/wallet/withdraw-record/list', {
    config: { access: { token: 'merchant', permission: 'wallet.read' } },
    schema: {
      tags,
      summary: 'Withdrawals, newest first',
      querystring: withdrawalListQuery,
      response: { 200: envelope(page(withdrawal)) },
    },
    handler: async (request) => ({ result: await wallet.records(requireMerchant(request), request.query) }),
  });

  app.get('/wallet/withdraw-record/:id', {
    config: { access: { token: 'merchant', permission: 'wallet.read' } },
    schema: { tags, summary: 'One withdrawal', params: idParam, response: { 200: envelope(withdrawal) } },
    handler: async (request) => ({ result: await wallet.record(requireMerchant(request), request.params.id) }),
  });

  app.get('/wallet/withdraw-record/:id/transactions', {
    config: { access: { token: 'merchant', permission: 'wallet.read' } },
    schema: {
      tags,
      summary: 'The sales one withdrawal paid out',
      params: idParam,
      querystring: withdrawalListQuery,
      response: { 200: envelope(page(transactionRow)) },
    },
    handler: async (request) => {
      const scope = requireMerchant(request);
      await wallet.record(scope, request.params.id);
      return { result: await transactions.ofWithdrawal(scope, request.params.id, request.query) };
    },
  });
};
