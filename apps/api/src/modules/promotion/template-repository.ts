import { and, count, desc, eq, getTableColumns } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { promotionTemplates } from '../../db/schema';
import type { MerchantScope } from '../../scope/merchant-scope';
import type { ruleColumns } from './repository';

const { merchantId: _merchantId, ...columns } = getTableColumns(promotionTemplates);
export type TemplateRow = NonNullable<Awaited<ReturnType<typeof findTemplate>>>;

export async function listTemplates(db: Executor, scope: MerchantScope, filter: { page: number; pageSize: number }) {
  const where = eq(promotionTemplates.merchantId, scope.merchantId);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(promotionTemplates)
      .where(where)
      .orderBy(desc(promotionTemplates.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ value: count() }).from(promotionTemplates).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
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
