import type { FastifyPluginAsync } from 'fastify';
import { paymentEndpoints as contract } from '@sbo/contracts/api/endpoints/payment';
import { addEndpoint } from '../../lib/endpoint-route';
import { requireMerchant } from '../../plugins/auth-context';
import type { createPaymentOptionService } from './option-service';

type Deps = { payments: ReturnType<typeof createPaymentOptionService> };

export const paymentOptionRoutes: FastifyPluginAsync<Deps> = async (app, { payments }) => {
  addEndpoint(app, contract.paymentOptionList, async (request) => ({
    result: await payments.list(requireMerchant(request)),
  }));

  addEndpoint(app, contract.paymentOptionUpdate, async (request) => ({
    result: await payments.update(requireMerchant(request), request.params.placeId, request.body),
  }));

  addEndpoint(app, contract.adminMobilePaymentUpdate, async (request) => ({
    result: await payments.setMobilePayment(requireMerchant(request), request.body.enabled),
  }));
};
