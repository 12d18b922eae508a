import type { z } from 'zod';
import type { AuditList, auditListQuery } from '@sbo/contracts';
import type { Executor } from '../../db/client';
import type { MerchantScope } from '../../scope/merchant-scope';
import * as repo from './repository';

/** The merchant's audit log, newest first: who changed what, with before and after. */
export async function listAudit(
  db: Executor,
  scope: MerchantScope,
  query: z.infer<typeof auditListQuery>,
): Promise<AuditList> {
  const { rows, total } = await repo.listAuditRows(db, scope, query);
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
  return { items, total };
}
