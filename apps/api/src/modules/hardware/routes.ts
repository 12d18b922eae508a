import type { FastifyPluginAsync } from 'fastify';
import { hardwareEndpoints as contract } from '@sbo/contracts/api/endpoints/hardware';
import { addEndpoint } from '../../lib/endpoint-route';
import { requireMerchant, requireUser } from '../../plugins/auth-context';
import type { createBindingService } from './service';

type Deps = { binding: ReturnType<typeof createBindingService> };

export const bindingRoutes: FastifyPluginAsync<Deps> = async (app, { binding }) => {
  addEndpoint(app, contract.hardwareLookup, async (request) => ({
    result: await binding.hardwareInfo(requireUser(request), request.params.hwid, request.query.claim),
  }));

  addEndpoint(app, contract.bindableDeviceList, async (request) => ({
    result: await binding.bindableList(requireMerchant(request), request.query.hwid, request.query.claim),
  }));

  addEndpoint(app, contract.deviceBind, async (request) => ({
    result: await binding.bind(requireMerchant(request), request.params.id, request.body.hwid, request.body.claimCode),
  }));
};
