import type { FastifyPluginAsync } from 'fastify';
import { paymentEndpoints as contract } from '@sbo/contracts/api/endpoints/payment';
import { addEndpoint } from '../../lib/endpoint-route';
import { requireMerchant } from '../../plugins/auth-context';
import type { createPaymentGatewayService } from './gateway-service';

type Deps = { payments: ReturnType<typeof createPaymentGatewayService> };

export const paymentGatewayRoutes: FastifyPluginAsync<Deps> = async (app, { payments }) => {
  // The sandbox page posts a plain HTML form (no script); only this plugin reads form bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  addEndpoint(app, contract.adminPaymentCredentialsGet, async (request) => ({
    result: await payments.credentialsState(requireMerchant(request), request.params.provider),
  }));

  addEndpoint(app, contract.adminPaymentCredentialsUpdate, async (request) => ({
    result: await payments.setCredentials(requireMerchant(request), request.params.provider, request.body),
  }));

  // With the sandbox off (PAYMENT_SANDBOX), its page and its decisions answer as an unknown address.
  addEndpoint(app, contract.sandboxPaymentPage, async (request, reply) => {
    if (!payments.sandboxOpen) return reply.callNotFound();
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(await payments.sandboxPage(request.params.paymentId));
  });

  addEndpoint(app, contract.sandboxPaymentDecide, async (request, reply) => {
    if (!payments.sandboxOpen) return reply.callNotFound();
    return reply.redirect(await payments.sandboxDecide(request.params.paymentId, request.body.outcome));
  });
};
