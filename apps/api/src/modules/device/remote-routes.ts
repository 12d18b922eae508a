import type { FastifyPluginAsync } from 'fastify';
import { deviceEndpoints as contract } from '@sbo/contracts/api/endpoints/device';
import { addEndpoint } from '../../lib/endpoint-route';
import { requireMerchant } from '../../plugins/auth-context';
import type { createRemoteService } from './remote-service';

type Deps = { remote: ReturnType<typeof createRemoteService> };

export const remoteRoutes: FastifyPluginAsync<Deps> = async (app, { remote }) => {
  addEndpoint(app, contract.deviceRemote, async (request) => ({
    result: await remote.remote(requireMerchant(request), request.params.id, request.body),
  }));

  addEndpoint(app, contract.coinDispenserRefill, async (request) => ({
    result: await remote.refillCoinDispenser(requireMerchant(request), request.params.id, request.body.remainingAmount),
  }));

  addEndpoint(app, contract.coinDispenserCapacity, async (request) => ({
    result: await remote.setCoinDispenserTotal(requireMerchant(request), request.params.id, request.body.totalAmount),
  }));

  addEndpoint(app, contract.banknoteReset, async (request) => ({
    result: await remote.resetBanknotes(requireMerchant(request), request.params.id),
  }));

  addEndpoint(app, contract.deviceTestMode, async (request) => ({
    result: await remote.setTestMode(requireMerchant(request), request.params.id, request.body.testTime),
  }));

  addEndpoint(app, contract.abConfigGet, async (request) => ({
    result: await remote.abConfig(requireMerchant(request), request.params.id),
  }));

  addEndpoint(app, contract.abConfigUpdate, async (request) => ({
    result: await remote.setAbConfig(requireMerchant(request), request.params.id, request.body.config),
  }));
};
