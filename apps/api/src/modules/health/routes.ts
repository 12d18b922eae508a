import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { catalogueEntry, ErrorCode } from '@sbo/contracts';
import { createDatabase } from '../../db/client';
import { pingDatabase } from './repository';

/** Liveness (the process answers) and readiness (the database answers). */
export const healthRoutes: FastifyPluginAsync<{ pool: pg.Pool }> = async (app, { pool }) => {
  const db = createDatabase(pool);
  app.get('/health', { schema: { hide: true } }, async () => ({ result: { status: 'ok' } }));
  app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await pingDatabase(db);
      return { result: { status: 'ready' } };
    } catch {
      return reply
        .status(503)
        .send({ code: ErrorCode.SERVER_ERROR, message: catalogueEntry(ErrorCode.SERVER_ERROR)!.en });
    }
  });
};
