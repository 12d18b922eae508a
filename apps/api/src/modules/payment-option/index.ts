import { defineModule } from '../../lib/module';
import { paymentOptionRoutes } from './routes';
import { createPaymentOptionService } from './service';

export const paymentOptionModule = defineModule({
  name: 'payment-option',
  setup: ({ db, clock }) => ({
    routes: async (v1) =>
      void (await v1.register(paymentOptionRoutes, { payments: createPaymentOptionService({ db, clock }) })),
  }),
});
