import type { FastifyPluginAsync } from 'fastify';
import { and, count, desc, eq } from 'drizzle-orm';
import { merchantEndpoints as contract } from '@sbo/contracts/api/endpoints/merchant';
import type { Database } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { addEndpoint } from '../../lib/endpoint-route';
import { requireMerchant } from '../../plugins/auth-context';

type Deps = { db: Database };

/** The merchant's audit log, newest first: root and the owner only (`audit.read`). */
export const auditRoutes: FastifyPluginAsync<Deps> = async (app, { db }) => {
  addEndpoint(app, contract.auditList, async (request) => {
    const { merchantId } = requireMerchant(request);
    const { page, pageSize, entity } = request.query;
    const where = and(eq(auditLog.merchantId, merchantId), entity ? eq(auditLog.entity, entity) : undefined);
    const [rows, [total]] = await Promise.all([
      db
        .select({ entry: auditLog, nickName: users.nickName })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorUserId))
        .where(where)
        .orderBy(desc(auditLog.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ value: count() }).from(auditLog).where(where),
    ]);
    const items = rows.map(({ entry, nickName }) => ({
      id: entry.id,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      actor: entry.actorUserId !== null && nickName !== null ? { userId: entry.actorUserId, nickName } : null,
      before: entry.before,
      after: entry.after,
      createdAt: entry.createdAt.toISOString(),
    }));
    return { result: { items, total: total?.value ?? 0 } };
  });
};
