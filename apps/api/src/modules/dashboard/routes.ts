import type { FastifyPluginAsync } from 'fastify';
import { dashboardEndpoints as contract } from '@sbo/contracts/api/endpoints/dashboard';
import { addEndpoint } from '../../lib/endpoint-route';
import { requireMerchant } from '../../plugins/auth-context';
import type { createDashboardService } from './service';

type Deps = { dashboard: ReturnType<typeof createDashboardService> };

export const dashboardRoutes: FastifyPluginAsync<Deps> = async (app, { dashboard }) => {
  addEndpoint(app, contract.dashboardOverview, async (request) => ({
    result: await dashboard.overview(requireMerchant(request), request.query.tz || null),
  }));
};
