import { defineModule } from '../../lib/module';
import { userRoutes } from './routes';

export const userModule = defineModule({
  name: 'user',
  setup: ({ db, tokens }) => ({ routes: async (v1) => void (await v1.register(userRoutes, { db, tokens })) }),
});
