import { defineModule } from '../../lib/module';
import { cashboxRoutes } from './routes';
import { createCashboxService } from './service';

export const cashboxModule = defineModule({
  name: 'cashbox',
  setup: ({ db, clock, runCommand }) => ({
    routes: async (v1) =>
      void (await v1.register(cashboxRoutes, { cashbox: createCashboxService({ db, clock, runCommand }) })),
  }),
});
