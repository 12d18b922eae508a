import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  idParam,
  requestContextQuery,
  revenueStatistics,
  statisticsQuery,
  transactionDetail,
  transactionExportQuery,
  transactionPage,
  transactionQuery,
} from '@sbo/contracts';
import type { Database } from '../../db/client';
import { requireMerchant } from '../../plugins/auth-context';
import { exportTransactions } from './export';
import type { TransactionService } from './service';
import type { StatisticsService } from './statistics';

type Deps = { db: Database; transactions: TransactionService; statistics: StatisticsService };
const tags = ['transaction'];

export const transactionRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, transactions, statistics }) => {
  app.get('/revenue/statistics', {
    config: { access: { token: 'merchant', permission: 'revenue.read' } },
    schema: {
      tags,
      summary: 'Revenue and count over the range, grouped by day, week, month, place, device, machine type or gateway',
      description: 'Days in `tz` (else the merchant zone); at most three months (1103001), from <= to (1106001).',
      querystring: statisticsQuery.extend(requestContextQuery.shape),
      response: { 200: envelope(revenueStatistics) },
    },
    handler: async (request) => ({
      result: await statistics.revenue(requireMerchant(request), request.query, request.query.tz || null),
    }),
  });

  app.get('/transaction/list', {
    config: { access: { token: 'merchant', permission: 'transaction.read' } },
    schema: {
      tags,
      summary: 'Transaction records, one page, with totals of the whole filtered set',
      description:
        'Filters combine. Days are read in `tz` (else the merchant zone): at most three months (1103001), from <= to (1106001).',
      querystring: transactionQuery.extend(requestContextQuery.shape),
      response: { 200: envelope(transactionPage) },
    },
    handler: async (request) => ({
      result: await transactions.list(requireMerchant(request), request.query, request.query.tz || null),
    }),
  });

  app.get('/transaction/export', {
    config: { access: { token: 'merchant', permission: 'transaction.read' } },
    schema: {
      tags,
      summary: 'The filtered transactions as a CSV or XLSX file (same filters and limits as the list)',
      querystring: transactionExportQuery.extend(requestContextQuery.shape),
      produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    },
    handler: async (request, reply) => {
      const file = await exportTransactions(
        { db, transactions },
        requireMerchant(request),
        request.query,
        request.query.tz || null,
      );
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  });

  app.post('/transaction/:id/refund', {
    config: { access: { token: 'merchant', permission: 'transaction.refund' } },
    schema: {
      tags,
      summary: 'Refund a sale in full, before its money left in a withdrawal (10010 after); a repeat changes nothing',
      params: z.object({ id: idParam.shape.id }),
      headers: z.object({ 'idempotency-key': z.string().max(128).optional() }),
      response: { 200: envelope(transactionDetail) },
    },
    handler: async (request) => ({ result: await transactions.refund(requireMerchant(request), request.params.id) }),
  });

  app.get('/transaction/:id', {
    config: { access: { token: 'merchant', permission: 'transaction.read' } },
    schema: {
      tags,
      summary: 'One transaction with its order info',
      params: z.object({ id: idParam.shape.id }),
      response: { 200: envelope(transactionDetail) },
    },
    handler: async (request) => ({ result: await transactions.detail(requireMerchant(request), request.params.id) }),
  });
};
