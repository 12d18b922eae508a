import { defineModule } from '../../lib/module';
import { auditRoutes } from './routes';

export const auditModule = defineModule({
  name: 'audit',
  setup: ({ db }) => ({ routes: async (v1) => void (await v1.register(auditRoutes, { db })) }),
});
