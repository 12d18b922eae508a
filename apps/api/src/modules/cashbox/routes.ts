import type { FastifyPluginAsync } from 'fastify';
import { cashboxEndpoints as contract } from '@sbo/contracts/api/endpoints/cashbox';
import { addEndpoint } from '../../lib/endpoint-route';
import { requireMerchant } from '../../plugins/auth-context';
import type { CashboxService } from './service';

type Deps = { cashbox: CashboxService };

export const cashboxRoutes: FastifyPluginAsync<Deps> = async (app, { cashbox }) => {
  addEndpoint(app, contract.cashboxTripList, async (request) => ({
    result: await cashbox.list(requireMerchant(request), request.query),
  }));

  addEndpoint(app, contract.cashboxTripStart, async (request) => ({
    result: await cashbox.start(requireMerchant(request), request.body),
  }));

  addEndpoint(app, contract.cashboxTripDetail, async (request) => ({
    result: await cashbox.detail(requireMerchant(request), request.params.id),
  }));

  addEndpoint(app, contract.cashboxTripCount, async (request) => ({
    result: await cashbox.collect(
      requireMerchant(request),
      request.params.id,
      request.params.deviceId,
      request.body.collectedAmount,
    ),
  }));

  addEndpoint(app, contract.cashboxTripSettle, async (request) => ({
    result: await cashbox.settle(requireMerchant(request), request.params.id),
  }));

  addEndpoint(app, contract.cashboxTripDrop, async (request) => ({
    result: await cashbox.cancel(requireMerchant(request), request.params.id),
  }));
};
