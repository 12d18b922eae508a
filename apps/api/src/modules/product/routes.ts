import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam, page, productListQuery, productTemplate, productTemplateInput } from '@sbo/contracts';
import { requireMerchant } from '../../plugins/auth-context';
import type { createProductService } from './service';

type Deps = { products: ReturnType<typeof createProductService> };
const tags = ['product'];

export const productRoutes: FastifyPluginAsyncZod<Deps> = async (app, { products }) => {
  app.get('/product/list', {
    config: { access: { token: 'merchant', permission: 'product.read' } },
    schema: {
      tags,
      summary: "The merchant's product templates, newest first",
      querystring: productListQuery,
      response: { 200: envelope(page(productTemplate)) },
    },
    handler: async (request) => ({ result: await products.list(requireMerchant(request), request.query) }),
  });

  app.get('/product/:id', {
    config: { access: { token: 'merchant', permission: 'product.read' } },
    schema: { tags, summary: 'One product template', params: idParam, response: { 200: envelope(productTemplate) } },
    handler: async (request) => ({ result: await products.get(requireMerchant(request), request.params.id) }),
  });

  app.post('/product', {
    config: { access: { token: 'merchant', permission: 'product.manage' } },
    schema: {
      tags,
      summary: 'Create a product template',
      body: productTemplateInput,
      response: { 200: envelope(productTemplate) },
    },
    handler: async (request) => ({ result: await products.create(requireMerchant(request), request.body) }),
  });

  app.put('/product/:id', {
    config: { access: { token: 'merchant', permission: 'product.manage' } },
    schema: {
      tags,
      summary: 'Edit a product template; machines using it get the new prices',
      params: idParam,
      body: productTemplateInput,
      response: { 200: envelope(productTemplate) },
    },
    handler: async (request) => ({
      result: await products.update(requireMerchant(request), request.params.id, request.body),
    }),
  });

  app.delete('/product/:id', {
    config: { access: { token: 'merchant', permission: 'product.manage' } },
    schema: {
      tags,
      summary: 'Delete a product template no device uses (else 1107002)',
      params: idParam,
      response: { 200: envelope(z.object({ deleted: z.literal(true) })) },
    },
    handler: async (request) => {
      await products.remove(requireMerchant(request), request.params.id);
      return { result: { deleted: true as const } };
    },
  });
};
