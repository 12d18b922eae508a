import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceLogQuery, deviceLogRow, envelope, page, requestContextQuery } from '@sbo/contracts';
import { requireMerchant } from '../../plugins/auth-context';
import type { createDeviceLogService } from './service';

type Deps = { logs: ReturnType<typeof createDeviceLogService> };

export const deviceLogRoutes: FastifyPluginAsyncZod<Deps> = async (app, { logs }) => {
  app.get('/device-log/list', {
    config: { access: { token: 'merchant', permission: 'device.read' } },
    schema: {
      tags: ['device'],
      summary: 'The device log, newest first: days in `tz`, at most three months (1103001), from <= to (1106001)',
      querystring: deviceLogQuery.extend(requestContextQuery.shape),
      response: { 200: envelope(page(deviceLogRow)) },
    },
    handler: async (request) => ({
      result: await logs.list(requireMerchant(request), request.query, request.query.tz || null),
    }),
  });
};
