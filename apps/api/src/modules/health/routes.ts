import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { catalogueEntry, ErrorCode } from '@sbo/contracts';

/** Liveness (the process answers) and readiness (the database answers). */
export const healthRoutes: FastifyPluginAsync<{ pool: pg.Pool }> = async (app, { pool }) => {
  app.get('/health', { schema: { hide: true } }, async () => ({ result: { status: 'ok' } }));
  app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await pool.query('select 1');
      return { result: { status: 'ready' } };
    } catch {
      return reply
        .status(503)
        .send({ code: ErrorCode.SERVER_ERROR, message: catalogueEntry(ErrorCode.SERVER_ERROR)!.en });
    }
  });
};
