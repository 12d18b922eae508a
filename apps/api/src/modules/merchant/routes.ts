import type { FastifyPluginAsync } from 'fastify';
import { merchantEndpoints as contract } from '@sbo/contracts/api/endpoints/merchant';
import { addEndpoint } from '../../lib/endpoint-route';
import { requireMerchant, requireUser } from '../../plugins/auth-context';
import type { createMerchantService } from './service';

type Deps = { merchants: ReturnType<typeof createMerchantService> };

export const merchantRoutes: FastifyPluginAsync<Deps> = async (app, { merchants }) => {
  addEndpoint(app, contract.merchantList, async (request) => ({
    result: await merchants.list(requireUser(request)),
  }));

  addEndpoint(app, contract.merchantLogin, async (request) => ({
    result: await merchants.login(requireUser(request), request.params.id),
  }));

  addEndpoint(app, contract.merchantProfile, async (request) => ({
    result: await merchants.profile(requireMerchant(request)),
  }));

  addEndpoint(app, contract.merchantInfo, async (request) => ({
    result: merchants.info(requireMerchant(request)),
  }));

  addEndpoint(app, contract.merchantInfoUpdate, async (request) => {
    const merchant = requireMerchant(request);
    return { result: await merchants.update(merchant, merchant.userId, request.body) };
  });
};
