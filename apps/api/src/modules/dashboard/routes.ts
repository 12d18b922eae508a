import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardOverview, envelope, requestContextQuery } from '@sbo/contracts';
import { requireMerchant } from '../../plugins/auth-context';
import type { createDashboardService } from './service';

type Deps = { dashboard: ReturnType<typeof createDashboardService> };

export const dashboardRoutes: FastifyPluginAsyncZod<Deps> = async (app, { dashboard }) => {
  app.get('/dashboard/overview', {
    config: { access: { token: 'merchant', permission: 'dashboard.read' } },
    schema: {
      tags: ['transaction'],
      summary: 'Sales today and this month, machines in use and online per type, the latest sales',
      description: 'Sales figures are null for a member without the transaction permission.',
      querystring: requestContextQuery,
      response: { 200: envelope(dashboardOverview) },
    },
    handler: async (request) => ({
      result: await dashboard.overview(requireMerchant(request), request.query.tz || null),
    }),
  });
};
