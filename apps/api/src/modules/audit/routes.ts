import type { FastifyPluginAsync } from 'fastify';
import { auditEndpoints as contract } from '@sbo/contracts/api/endpoints/audit';
import type { Database } from '../../db/client';
import { addEndpoint } from '../../lib/endpoint-route';
import { requireMerchant } from '../../plugins/auth-context';
import { listAudit } from './service';

type Deps = { db: Database };

/** The merchant's audit log, newest first: root and the owner only (`audit.read`). */
export const auditRoutes: FastifyPluginAsync<Deps> = async (app, { db }) => {
  addEndpoint(app, contract.auditList, async (request) => ({
    result: await listAudit(db, requireMerchant(request), request.query),
  }));
};
