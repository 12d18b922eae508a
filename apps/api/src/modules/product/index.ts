import { defineModule } from '../../lib/module';
import { productRoutes } from './routes';
import { createProductService } from './service';

export const productModule = defineModule({
  name: 'product',
  setup: ({ db, runCommand, log }) => ({
    routes: async (v1) =>
      void (await v1.register(productRoutes, { products: createProductService({ db, runCommand, log }) })),
  }),
});
