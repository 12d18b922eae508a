import type { FastifyPluginAsync } from 'fastify';
import { salesEndpoints as contract } from '@sbo/contracts/api/endpoints/sales';
import type { Database } from '../../db/client';
import { addEndpoint } from '../../lib/endpoint-route';
import { requireMerchant } from '../../plugins/auth-context';
import { exportTransactions } from './export';
import type { TransactionService } from './service';
import type { StatisticsService } from './statistics';

type Deps = { db: Database; transactions: TransactionService; statistics: StatisticsService };

export const transactionRoutes: FastifyPluginAsync<Deps> = async (app, { db, transactions, statistics }) => {
  addEndpoint(app, contract.revenueStatistics, async (request) => ({
    result: await statistics.revenue(requireMerchant(request), request.query, request.query.tz || null),
  }));

  addEndpoint(app, contract.transactionList, async (request) => ({
    result: await transactions.list(requireMerchant(request), request.query, request.query.tz || null),
  }));

  addEndpoint(app, contract.transactionExport, async (request, reply) => {
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
  });

  addEndpoint(app, contract.transactionRefund, async (request) => ({
    result: await transactions.refund(requireMerchant(request), request.params.id),
  }));

  addEndpoint(app, contract.transactionDetail, async (request) => ({
    result: await transactions.detail(requireMerchant(request), request.params.id),
  }));
};
