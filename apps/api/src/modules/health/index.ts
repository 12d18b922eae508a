import { defineModule } from '../../lib/module';
import { healthRoutes } from './routes';

/** GET /api/health: outside /api/v1, so probes need no session. */
export const healthModule = defineModule({
  name: 'health',
  setup: ({ pool }) => ({ apiRoutes: async (api) => void (await api.register(healthRoutes, { pool })) }),
});
