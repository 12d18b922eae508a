import type { FastifyPluginAsync } from 'fastify';
import { cardsEndpoints as contract } from '@sbo/contracts/api/endpoints/cards';
import { addEndpoint } from '../../lib/endpoint-route';
import { requireMerchant } from '../../plugins/auth-context';
import type { CardsService } from './cards-service';

type Deps = { cards: CardsService };

/** The merchant's card endpoints: member cards (`vip-card/*`) and the OK card area's calls (`okcard/*`). */
export const cardRoutes: FastifyPluginAsync<Deps> = async (app, { cards }) => {
  addEndpoint(app, contract.vipCardList, async (request) => ({
    result: await cards.list(requireMerchant(request), request.query),
  }));
  addEndpoint(app, contract.vipCardCreate, async (request) => ({
    result: await cards.create(requireMerchant(request), request.body),
  }));
  addEndpoint(app, contract.vipCardRecordList, async (request) => ({
    result: await cards.records(requireMerchant(request), request.query, request.query.tz),
  }));
  addEndpoint(app, contract.vipCardRecordExport, async (request, reply) => {
    const file = await cards.exportRecords(requireMerchant(request), request.query, request.query.tz);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });
  addEndpoint(app, contract.vipCardStatistics, async (request) => ({
    result: await cards.statistics(requireMerchant(request), request.query, request.query.tz),
  }));
  addEndpoint(app, contract.vipCardSettingsGet, async (request) => ({
    result: await cards.settings(requireMerchant(request), request.query.program),
  }));
  addEndpoint(app, contract.vipCardSettingsUpdate, async (request) => ({
    result: await cards.updateSettings(requireMerchant(request), request.query.program, request.body),
  }));
  addEndpoint(app, contract.vipCardDetail, async (request) => ({
    result: await cards.detail(requireMerchant(request), request.params.id),
  }));
  addEndpoint(app, contract.vipCardStatus, async (request) => ({
    result: await cards.setStatus(requireMerchant(request), request.params.id, request.body.status),
  }));
  addEndpoint(app, contract.vipCardTopUp, async (request) => ({
    result: await cards.topUp(
      requireMerchant(request),
      request.params.id,
      request.headers['idempotency-key'],
      request.body,
    ),
  }));
  addEndpoint(app, contract.vipCardAdjust, async (request) => ({
    result: await cards.adjust(
      requireMerchant(request),
      request.params.id,
      request.headers['idempotency-key'],
      request.body,
    ),
  }));

  addEndpoint(app, contract.okcardIssued, async (request) => ({
    result: await cards.okIssued(requireMerchant(request), request.query, request.query.tz),
  }));
  addEndpoint(app, contract.okcardRevenue, async (request) => ({
    result: await cards.okRevenue(requireMerchant(request), request.query, request.query.tz),
  }));
  addEndpoint(app, contract.okcardList, async (request) => ({
    result: await cards.list(requireMerchant(request), { ...request.query, program: 'ok' }),
  }));
  addEndpoint(app, contract.okcardDetail, async (request) => ({
    result: await cards.detail(requireMerchant(request), request.query.cardId, 'ok'),
  }));
  addEndpoint(app, contract.okcardAdjustBalance, async (request) => ({
    result: await cards.adjust(
      requireMerchant(request),
      request.body.cardId,
      request.headers['idempotency-key'],
      { balanceChange: request.body.balanceChange, pointChange: 0, reason: request.body.reason },
      'ok',
    ),
  }));
  addEndpoint(app, contract.okcardMachineState, async (request) => ({
    result: await cards.okMachines(requireMerchant(request), request.query.tz),
  }));
};
