import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam, page, place, placeInput, placeListQuery } from '@sbo/contracts';
import { requireMerchant } from '../../plugins/auth-context';
import type { createPlaceService } from './service';

type Deps = { places: ReturnType<typeof createPlaceService> };

export const placeRoutes: FastifyPluginAsyncZod<Deps> = async (app, { places }) => {
  app.get('/place/list', {
    config: { access: { token: 'merchant', permission: 'place.read' } },
    schema: {
      tags: ['place'],
      summary: "The merchant's places, newest first",
      querystring: placeListQuery,
      response: { 200: envelope(page(place)) },
    },
    handler: async (request) => ({ result: await places.list(requireMerchant(request), request.query) }),
  });

  app.post('/place', {
    config: { access: { token: 'merchant', permission: 'place.manage' } },
    schema: { tags: ['place'], summary: 'Create a place', body: placeInput, response: { 200: envelope(place) } },
    handler: async (request) => ({ result: await places.create(requireMerchant(request), request.body) }),
  });

  app.get('/place/:id', {
    config: { access: { token: 'merchant', permission: 'place.read' } },
    schema: { tags: ['place'], summary: 'One place', params: idParam, response: { 200: envelope(place) } },
    handler: async (request) => ({ result: await places.get(requireMerchant(request), request.params.id) }),
  });

  app.put('/place/:id', {
    config: { access: { token: 'merchant', permission: 'place.manage' } },
    schema: {
      tags: ['place'],
      summary: 'Edit a place',
      params: idParam,
      body: placeInput,
      response: { 200: envelope(place) },
    },
    handler: async (request) => ({
      result: await places.update(requireMerchant(request), request.params.id, request.body),
    }),
  });

  app.delete('/place/:id', {
    config: { access: { token: 'merchant', permission: 'place.manage' } },
    schema: {
      tags: ['place'],
      summary: 'Delete a place that has no devices',
      params: idParam,
      response: { 200: envelope(z.object({ deleted: z.literal(true) })) },
    },
    handler: async (request) => {
      await places.remove(requireMerchant(request), request.params.id);
      return { result: { deleted: true as const } };
    },
  });
};
