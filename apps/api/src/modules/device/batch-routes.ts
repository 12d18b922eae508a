import type { FastifyPluginAsync } from 'fastify';
import { deviceEndpoints as contract } from '@sbo/contracts/api/endpoints/device';
import { addEndpoint } from '../../lib/endpoint-route';
import { requireMerchant } from '../../plugins/auth-context';
import type { createBatchService } from './batch-service';

type Deps = { batches: ReturnType<typeof createBatchService>; perMinute: number };

export const batchRoutes: FastifyPluginAsync<Deps> = async (app, { batches, perMinute }) => {
  addEndpoint(app, contract.commandBatchPreview, async (request) => ({
    result: await batches.preview(requireMerchant(request), request.body),
  }));

  addEndpoint(
    app,
    contract.commandBatchCreate,
    async (request) => ({ result: await batches.create(requireMerchant(request), request.body) }),
    { config: { rateLimit: { max: perMinute, timeWindow: 60_000 } } },
  );

  addEndpoint(app, contract.commandBatchGet, async (request) => ({
    result: await batches.get(requireMerchant(request), request.params.batchId),
  }));
};
