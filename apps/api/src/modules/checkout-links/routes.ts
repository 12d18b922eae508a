import type { FastifyPluginAsync } from 'fastify';
import { checkoutLinksEndpoints as contract } from '@sbo/contracts/api/endpoints/checkout-links';
import { addEndpoint } from '../../lib/endpoint-route';
import type { createCheckoutLinksService } from './service';

type Deps = { links: ReturnType<typeof createCheckoutLinksService> };

export const checkoutLinksRoutes: FastifyPluginAsync<Deps> = async (app, { links }) => {
  addEndpoint(app, contract.checkoutLinks, async () => ({ result: links.links() }));
};
