import { and, count, desc, eq, getTableColumns } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { promotionTemplates } from '../../db/schema';
import { readPage } from '../../lib/query-shapes';
import type { MerchantScope } from '../../scope/merchant-scope';
import type { ruleColumns } from './repository';

const { merchantId: _merchantId, ...columns } = getTableColumns(promotionTemplates);
export type TemplateRow = NonNullable<Awaited<ReturnType<typeof findTemplate>>>;

export async function listTemplates(db: Executor, scope: MerchantScope, filter: { page: number; pageSize: number }) {
  const where = eq(promotionTemplates.merchantId, scope.merchantId);
  return readPage(
    filter,
    (limit, offset) =>
      db
        .select(columns)
        .from(promotionTemplates)
        .where(where)
        .orderBy(desc(promotionTemplates.id))
        .limit(limit)
        .offset(offset),
    db.select({ value: count() }).from(promotionTemplates).where(where),
  );
}

export async function findTemplate(db: Executor, scope: MerchantScope, id: number) {
  const rows = await db
    .select(columns)
    .from(promotionTemplates)
    .where(and(eq(promotionTemplates.merchantId, scope.merchantId), eq(promotionTemplates.id, id)));
  return rows[0] ?? null;
}

export async function insertTemplate(
  db: Executor,
  scope: MerchantScope,
  values: ReturnType<typeof ruleColumns> & { name: string },
  now: Date,
) {
  const [row] = await db
    .insert(promotionTemplates)
    .values({ ...values, merchantId: scope.merchantId, createdAt: now })
    .returning({ id: promotionTemplates.id });
  return row!.id;
}

export async function deleteTemplate(db: Executor, scope: MerchantScope, id: number) {
  const rows = await db
    .delete(promotionTemplates)
    .where(and(eq(promotionTemplates.merchantId, scope.merchantId), eq(promotionTemplates.id, id)))
    .returning({ id: promotionTemplates.id });
  return rows.length > 0;
}
