import type { FastifyPluginAsync } from 'fastify';
import { deviceLogEndpoints as contract } from '@sbo/contracts/api/endpoints/device-log';
import { addEndpoint } from '../../lib/endpoint-route';
import { requireMerchant } from '../../plugins/auth-context';
import type { createDeviceLogService } from './service';

type Deps = { logs: ReturnType<typeof createDeviceLogService> };

export const deviceLogRoutes: FastifyPluginAsync<Deps> = async (app, { logs }) => {
  addEndpoint(app, contract.deviceLogList, async (request) => ({
    result: await logs.list(requireMerchant(request), request.query, request.query.tz || null),
  }));
};
