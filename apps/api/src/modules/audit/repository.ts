import type { z } from 'zod';
import { and, count, desc, eq } from 'drizzle-orm';
import type { auditListQuery } from '@sbo/contracts';
import type { Executor } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { readPage } from '../../lib/query-shapes';
import type { MerchantScope } from '../../scope/merchant-scope';

/** A page of the merchant's audit rows, newest first, with the actor's current nickname. */
export async function listAuditRows(db: Executor, scope: MerchantScope, query: z.infer<typeof auditListQuery>) {
  const { page, pageSize, entity } = query;
  const where = and(eq(auditLog.merchantId, scope.merchantId), entity ? eq(auditLog.entity, entity) : undefined);
  return readPage(
    { page, pageSize },
    (limit, offset) =>
      db
        .select({ entry: auditLog, nickName: users.nickName })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorUserId))
        .where(where)
        .orderBy(desc(auditLog.id))
        .limit(limit)
        .offset(offset),
    db.select({ value: count() }).from(auditLog).where(where),
  );
}
