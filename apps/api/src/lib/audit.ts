import type { AuditAction, AuditEntity } from '@sbo/contracts';
import type { Executor } from '../db/client';
import { auditLog } from '../db/schema';

/** Who acted, for which merchant (null: platform-wide, such as registering hardware). */
type AuditActor = { merchantId: number | null; userId: number | null };

type AuditEntry = {
  action: AuditAction;
  entity: AuditEntity;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
};

/** Writes an audit row; call it inside the transaction that makes the change. */
export async function writeAudit(db: Executor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    merchantId: actor.merchantId,
    actorUserId: actor.userId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
