import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditList, auditListQuery, envelope } from '@sbo/contracts';
import type { Database } from '../../db/client';
import { requireMerchant } from '../../plugins/auth-context';
import { listAudit } from './service';

type Deps = { db: Database };

/** The merchant's audit log, newest first: root and the owner only (`audit.read`). */
export const auditRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  app.get('/audit/list', {
    config: { access: { token: 'merchant', permission: 'audit.read' } },
    schema: {
      tags: ['audit'],
      summary: 'Who changed what in this merchant, with before and after',
      querystring: auditListQuery,
      response: { 200: envelope(auditList) },
    },
    handler: async (request) => ({ result: await listAudit(db, requireMerchant(request), request.query) }),
  });
};
