import type { AuditAction, AuditEntity } from '@sbo/contracts';
import type { Executor } from '../db/client';
import { auditLog } from '../db/schema';

export type AuditEntry = {
  merchantId: number | null;
  actorUserId: number | null;
  action: AuditAction;
  entity: AuditEntity;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
};

/** Writes an audit row; call it inside the transaction that makes the change. */
export async function writeAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    merchantId: entry.merchantId,
    actorUserId: entry.actorUserId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
