import { defineModule } from '../../lib/module';
import { healthRoutes, type Readiness } from './routes';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting needs an interface
  interface FastifyInstance {
    /** Turns readiness false for good: the instance is stopping (server.ts, on SIGTERM). */
    beginDraining(): void;
  }
}

/** GET /api/health and /api/ready: outside /api/v1, so probes need no session. */
export const healthModule = defineModule({
  name: 'health',
  setup: ({ app, pool }) => {
    const readiness: Readiness = { draining: false };
    app.decorate('beginDraining', () => {
      readiness.draining = true;
    });
    return { apiRoutes: async (api) => void (await api.register(healthRoutes, { pool, readiness })) };
  },
});
