import type { FastifyPluginAsync } from 'fastify';
import { checkoutEndpoints as contract } from '@sbo/contracts/api/endpoints/checkout';
import { addEndpoint } from '../../lib/endpoint-route';
import { requireMerchant } from '../../plugins/auth-context';
import type { CheckoutService } from './service';

type Deps = { checkout: CheckoutService; ordersPerMinute: number };

export const checkoutRoutes: FastifyPluginAsync<Deps> = async (app, { checkout, ordersPerMinute }) => {
  // Public calls (no token): each is limited per client address; reading is cheaper than ordering.
  const perMinute = (times: number) => ({
    config: { rateLimit: { max: Math.round(ordersPerMinute * times), timeWindow: 60_000 } },
  });

  addEndpoint(
    app,
    contract.checkoutMachine,
    async (request) => ({ result: await checkout.machine(request.query) }),
    perMinute(3),
  );

  addEndpoint(
    app,
    contract.checkoutOrderCreate,
    async (request) => ({ result: await checkout.createOrder(request.body) }),
    perMinute(1),
  );

  // The result page polls this while the machine is credited.
  addEndpoint(
    app,
    contract.checkoutOrderGet,
    async (request) => ({ result: await checkout.order(request.params.orderId) }),
    perMinute(12),
  );

  addEndpoint(
    app,
    contract.checkoutReturn,
    async (request, reply) => {
      // The gateway's callback as text fields only: whatever else arrives is not read.
      const callback = Object.fromEntries(
        Object.entries(request.query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
      return reply.redirect(await checkout.returned(request.params.orderId, callback));
    },
    perMinute(2),
  );

  addEndpoint(app, contract.placeQrStickers, async (request) => ({
    result: await checkout.qrStickers(requireMerchant(request), request.params.id),
  }));
};
