import type { FastifyPluginAsync } from 'fastify';
import { transactionEndpoints as contract } from '@sbo/contracts/api/endpoints/transaction';
import type { Database } from '../../db/client';
import { queryKey, viewKey, type AnswerCache } from '../../lib/answer-cache';
import type { Clock } from '../../lib/clock';
import { toBackground, type BackgroundLane } from '../../lib/foreground';
import { formatDay } from '../../lib/day-range';
import { addEndpoint } from '../../lib/endpoint-route';
import { dayIn } from '../../lib/time-zone';
import { requireMerchant } from '../../plugins/auth-context';
import { exportTransactions } from './export';
import type { TransactionService } from './service';
import type { StatisticsService } from './statistics';

type Deps = {
  db: Database;
  transactions: TransactionService;
  statistics: StatisticsService;
  answers: AnswerCache;
  clock: Clock;
  background: BackgroundLane;
};

export const transactionRoutes: FastifyPluginAsync<Deps> = async (
  app,
  { db, transactions, statistics, answers, clock, background },
) => {
  addEndpoint(app, contract.revenueStatistics, async (request) => ({
    result: await statistics.revenue(requireMerchant(request), request.query, request.query.tz || null),
  }));

  // Kept in memory until a sale, refund, rollup, place, machine or promotion of the merchant changes
  // (lib/answer-cache.ts). The default range ends today in the zone the days are read in, so the
  // key holds that day: a page kept yesterday is not today's.
  addEndpoint(app, contract.transactionList, async (request, reply) => {
    const member = requireMerchant(request);
    const record = member.merchantRecord;
    if (!record) return { result: await transactions.list(member, request.query, request.query.tz || null) };
    const zone = request.query.tz || record.timezone;
    const today = formatDay(dayIn(clock.now(), zone));
    const key = `${viewKey(member)}|${zone}|${today}|${record.timezone}|${record.currency}|${queryKey(request.query)}`;
    // Passed unnamed: a function held in a variable has its name set on every request (tsx keeps names).
    return answers.answer(reply, 'transactionList', member.merchantId, key, async () => ({
      result: await transactions.list(member, request.query, request.query.tz || null),
    }));
  });

  // A download of months of sales: background work once it starts streaming (lib/foreground.ts).
  addEndpoint(app, contract.transactionExport, async (request, reply) => {
    toBackground(request);
    const file = await exportTransactions(
      { db, transactions, lane: background },
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
