import type { FastifyPluginAsync } from 'fastify';
import { placeEndpoints as contract } from '@sbo/contracts/api/endpoints/place';
import { addEndpoint } from '../../lib/endpoint-route';
import { requireMerchant } from '../../plugins/auth-context';
import type { createPlaceService } from './service';

type Deps = { places: ReturnType<typeof createPlaceService> };

export const placeRoutes: FastifyPluginAsync<Deps> = async (app, { places }) => {
  addEndpoint(app, contract.placeList, async (request) => ({
    result: await places.list(requireMerchant(request), request.query),
  }));

  addEndpoint(app, contract.placeCreate, async (request) => ({
    result: await places.create(requireMerchant(request), request.body),
  }));

  addEndpoint(app, contract.placeDetail, async (request) => ({
    result: await places.get(requireMerchant(request), request.params.id),
  }));

  addEndpoint(app, contract.placeUpdate, async (request) => ({
    result: await places.update(requireMerchant(request), request.params.id, request.body),
  }));

  addEndpoint(app, contract.placeDelete, async (request) => {
    await places.remove(requireMerchant(request), request.params.id);
    return { result: { deleted: true as const } };
  });
};
