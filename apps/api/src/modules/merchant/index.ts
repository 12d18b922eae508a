import { defineModule } from '../../lib/module';
import { merchantRoutes } from './routes';
import { createMerchantService } from './service';

export const merchantModule = defineModule({
  name: 'merchant',
  setup: ({ db, tokens, clock, sessions }) => ({
    routes: async (v1) =>
      void (await v1.register(merchantRoutes, {
        merchants: createMerchantService({ db, tokens, clock, settled: sessions.settled }),
      })),
  }),
});
