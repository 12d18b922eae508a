import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cashboxCollection,
  cashboxTrip,
  cashboxTripDetail,
  cashboxTripListQuery,
  cashboxTripStart,
  envelope,
  idParam,
  page,
} from '@sbo/contracts';
import { requireMerchant } from '../../plugins/auth-context';
import type { CashboxService } from './service';

type Deps = { cashbox: CashboxService };
const tags = ['cashbox'];
const read = { token: 'merchant', permission: 'cashbox.read' } as const;
const manage = { token: 'merchant', permission: 'cashbox.manage' } as const;
const deviceParams = z.object({ id: idParam.shape.id, deviceId: idParam.shape.id });

export const cashboxRoutes: FastifyPluginAsyncZod<Deps> = async (app, { cashbox }) => {
  app.get('/cashbox/trip/list', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Collection trips, newest first, with expected and collected totals',
      querystring: cashboxTripListQuery,
      response: { 200: envelope(page(cashboxTrip)) },
    },
    handler: async (request) => ({ result: await cashbox.list(requireMerchant(request), request.query) }),
  });

  app.post('/cashbox/trip', {
    config: { access: manage },
    schema: {
      tags,
      summary: 'Start a trip over chosen machines and/or every machine of chosen places',
      description: '1104008 when a chosen machine is not one of yours.',
      body: cashboxTripStart,
      response: { 200: envelope(cashboxTripDetail) },
    },
    handler: async (request) => ({ result: await cashbox.start(requireMerchant(request), request.body) }),
  });

  app.get('/cashbox/trip/:id', {
    config: { access: read },
    schema: {
      tags,
      summary: 'One trip with each machine: cash-box amount now, expected, collected',
      params: idParam,
      response: { 200: envelope(cashboxTripDetail) },
    },
    handler: async (request) => ({ result: await cashbox.detail(requireMerchant(request), request.params.id) }),
  });

  app.put('/cashbox/trip/:id/device/:deviceId', {
    config: { access: manage },
    schema: {
      tags,
      summary: "Record what was found in a machine's cash box (expected becomes its amount now)",
      params: deviceParams,
      body: cashboxCollection,
      response: { 200: envelope(cashboxTripDetail) },
    },
    handler: async (request) => ({
      result: await cashbox.collect(
        requireMerchant(request),
        request.params.id,
        request.params.deviceId,
        request.body.collectedAmount,
      ),
    }),
  });

  app.post('/cashbox/trip/:id/settle', {
    config: { access: manage },
    schema: {
      tags,
      summary: 'Settle the trip: a settlement record per collected machine, whose cash-box count starts over',
      params: idParam,
      response: { 200: envelope(cashboxTripDetail) },
    },
    handler: async (request) => ({ result: await cashbox.settle(requireMerchant(request), request.params.id) }),
  });

  app.delete('/cashbox/trip/:id', {
    config: { access: manage },
    schema: {
      tags,
      summary: 'Drop an open trip',
      params: idParam,
      response: { 200: envelope(z.object({ deleted: z.boolean() })) },
    },
    handler: async (request) => ({ result: await cashbox.cancel(requireMerchant(request), request.params.id) }),
  });
};
