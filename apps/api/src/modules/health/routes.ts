import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type pg from 'pg';
import { catalogueEntry, ErrorCode } from '@sbo/contracts';
import { createDatabase } from '../../db/client';
import { pingDatabase } from './repository';

/** Whether this instance is stopping: its readiness then answers 503 while it finishes what it has. */
export type Readiness = { draining: boolean };

/**
 * Liveness (the process answers) and readiness (the database answers and the instance is not
 * stopping): a proxy or orchestrator sends no new work to an instance whose readiness fails.
 */
export const healthRoutes: FastifyPluginAsync<{ pool: pg.Pool; readiness: Readiness }> = async (
  app,
  { pool, readiness },
) => {
  const db = createDatabase(pool);
  app.get('/health', { schema: { hide: true } }, async () => ({ result: { status: 'ok' } }));
  const notReady = (reply: FastifyReply) =>
    reply.status(503).send({ code: ErrorCode.SERVER_ERROR, message: catalogueEntry(ErrorCode.SERVER_ERROR)!.en });
  app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
    if (readiness.draining) return notReady(reply);
    try {
      await pingDatabase(db);
      return { result: { status: 'ready' } };
    } catch {
      return notReady(reply);
    }
  });
};
