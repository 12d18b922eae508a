import type { FastifyPluginAsync } from 'fastify';
import { checkoutEndpoints as contract } from '@sbo/contracts/api/endpoints/checkout';
import { addEndpoint } from '../../lib/endpoint-route';
import type { CheckoutService } from './service';

type Deps = { checkout: CheckoutService };

// Public calls (no token): each is limited per client address.
const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: 60_000 } } });

export const checkoutRoutes: FastifyPluginAsync<Deps> = async (app, { checkout }) => {
  addEndpoint(
    app,
    contract.checkoutMachine,
    async (request) => ({ result: await checkout.machine(request.query) }),
    perMinute(60),
  );

  addEndpoint(
    app,
    contract.checkoutOrderCreate,
    async (request) => ({ result: await checkout.createOrder(request.body) }),
    perMinute(20),
  );

  // The result page polls this while the machine is credited.
  addEndpoint(
    app,
    contract.checkoutOrderGet,
    async (request) => ({ result: await checkout.order(request.params.orderId) }),
    perMinute(240),
  );

  addEndpoint(
    app,
    contract.checkoutReturn,
    async (request, reply) => reply.redirect(await checkout.returned(request.params.orderId, request.query)),
    perMinute(30),
  );
};
