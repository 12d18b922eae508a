import type { FastifyPluginAsync } from 'fastify';
import { cardsEndpoints as contract } from '@sbo/contracts/api/endpoints/cards';
import { addEndpoint } from '../../lib/endpoint-route';
import type { CardConsumerService } from './consumer-service';

type Deps = { consumer: CardConsumerService; ordersPerMinute: number };

/** A consumer's card at checkout (public): offer, SMS code, virtual card, top-up and its return. */
export const cardConsumerRoutes: FastifyPluginAsync<Deps> = async (app, { consumer, ordersPerMinute }) => {
  // Public calls are limited per client address; SMS codes, which cost money and reach phones, the most.
  const perMinute = (times: number) => ({
    config: { rateLimit: { max: Math.max(1, Math.round(ordersPerMinute * times)), timeWindow: 60_000 } },
  });

  addEndpoint(
    app,
    contract.cardOffer,
    async (request) => ({ result: await consumer.offer(request.query) }),
    perMinute(3),
  );
  addEndpoint(
    app,
    contract.cardSmsCode,
    async (request) => ({ result: await consumer.sendCode(request.body) }),
    perMinute(0.5),
  );
  addEndpoint(
    app,
    contract.virtualCardOpen,
    async (request) => ({ result: await consumer.openVirtual(request.body) }),
    perMinute(1),
  );
  addEndpoint(
    app,
    contract.cardTopUpCreate,
    async (request) => ({ result: await consumer.createTopUp(request.body) }),
    perMinute(1),
  );
  addEndpoint(
    app,
    contract.cardTopUpGet,
    async (request) => ({ result: await consumer.topUpOrder(request.params.orderId) }),
    perMinute(12),
  );
  addEndpoint(
    app,
    contract.cardTopUpReturn,
    async (request, reply) => {
      const callback = Object.fromEntries(
        Object.entries(request.query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
      return reply.redirect(await consumer.returned(request.params.orderId, callback));
    },
    perMinute(2),
  );
};
