import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  mobilePaymentState,
  mobilePaymentUpdate,
  paymentOptions,
  paymentOptionsUpdate,
  placeIdParam,
  placePaymentOptions,
} from '@sbo/contracts';
import { requireMerchant } from '../../plugins/auth-context';
import type { createPaymentOptionService } from './service';

type Deps = { payments: ReturnType<typeof createPaymentOptionService> };

export const paymentOptionRoutes: FastifyPluginAsyncZod<Deps> = async (app, { payments }) => {
  app.get('/payment/options', {
    config: { access: { token: 'merchant', permission: 'payment.read' } },
    schema: {
      tags: ['payment'],
      summary: 'Payment gateways each place accepts, and whether mobile payment is enabled',
      response: { 200: envelope(paymentOptions) },
    },
    handler: async (request) => ({ result: await payments.list(requireMerchant(request)) }),
  });

  app.put('/payment/options/:placeId', {
    config: { access: { token: 'merchant', permission: 'payment.update' } },
    schema: {
      tags: ['payment'],
      summary: 'Set the payment gateways a place accepts (mobile ones need mobile payment: 1104018)',
      params: placeIdParam,
      body: paymentOptionsUpdate,
      response: { 200: envelope(placePaymentOptions) },
    },
    handler: async (request) => ({
      result: await payments.update(requireMerchant(request), request.params.placeId, request.body),
    }),
  });

  app.put('/admin/merchant/mobile-payment', {
    config: { access: { token: 'merchant', permission: 'merchant.update', rootOnly: true } },
    schema: {
      tags: ['payment'],
      summary: "Service agents: turn the merchant's mobile payment on or off",
      body: mobilePaymentUpdate,
      response: { 200: envelope(mobilePaymentState) },
    },
    handler: async (request) => ({
      result: await payments.setMobilePayment(requireMerchant(request), request.body.enabled),
    }),
  });
};
