import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  idParam,
  merchantInfo,
  merchantInfoUpdate,
  merchantListItem,
  merchantLoginResult,
  merchantProfile,
} from '@sbo/contracts';
import { requireMerchant, requireUser } from '../../plugins/auth-context';
import type { createMerchantService } from './service';

type Deps = { merchants: ReturnType<typeof createMerchantService> };

export const merchantRoutes: FastifyPluginAsyncZod<Deps> = async (app, { merchants }) => {
  app.get('/merchant/list', {
    config: { access: { token: 'login' } },
    schema: {
      tags: ['merchant'],
      summary: 'Merchants the signed-in user belongs to',
      response: { 200: envelope(z.array(merchantListItem)) },
    },
    handler: async (request) => ({ result: await merchants.list(requireUser(request)) }),
  });

  app.get('/merchant/:id/login', {
    config: { access: { token: 'login' } },
    schema: {
      tags: ['merchant'],
      summary: 'Pick a merchant: merchant token (1 day) and the merchant profile',
      params: idParam,
      response: { 200: envelope(merchantLoginResult) },
    },
    handler: async (request) => ({ result: await merchants.login(requireUser(request), request.params.id) }),
  });

  app.get('/merchant/profile', {
    config: { access: { token: 'merchant', permission: 'merchant.read' } },
    schema: {
      tags: ['merchant'],
      summary: 'The merchant profile as it is now (role, groups, permissions)',
      response: { 200: envelope(merchantProfile) },
    },
    handler: async (request) => ({ result: await merchants.profile(requireMerchant(request)) }),
  });

  app.get('/merchant/info', {
    config: { access: { token: 'merchant', permission: 'merchant.read' } },
    schema: { tags: ['merchant'], summary: "The merchant's details", response: { 200: envelope(merchantInfo) } },
    handler: async (request) => ({ result: await merchants.info(requireMerchant(request)) }),
  });

  app.put('/merchant/info', {
    config: { access: { token: 'merchant', permission: 'merchant.update' } },
    schema: {
      tags: ['merchant'],
      summary: "Edit the merchant's details",
      body: merchantInfoUpdate,
      response: { 200: envelope(merchantInfo) },
    },
    handler: async (request) => {
      const merchant = requireMerchant(request);
      return { result: await merchants.update(merchant, merchant.userId, request.body) };
    },
  });
};
