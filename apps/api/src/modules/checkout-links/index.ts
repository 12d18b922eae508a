import { defineModule } from '../../lib/module';
import { checkoutLinksRoutes } from './routes';
import { createCheckoutLinksService } from './service';

export const checkoutLinksModule = defineModule({
  name: 'checkout-links',
  setup: ({ config }) => ({
    routes: async (v1) => void (await v1.register(checkoutLinksRoutes, { links: createCheckoutLinksService(config) })),
  }),
});
