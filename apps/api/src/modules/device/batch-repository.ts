import { and, asc, eq } from 'drizzle-orm';
import type { commandOutcomes } from '@sbo/contracts';
import type { Executor } from '../../db/client';
import { commandBatches, deviceLogs } from '../../db/schema';
import type { MerchantScope } from '../../scope/merchant-scope';

export type BatchRow = typeof commandBatches.$inferSelect;

export async function insertBatch(db: Executor, batch: typeof commandBatches.$inferInsert): Promise<BatchRow> {
  const [row] = await db.insert(commandBatches).values(batch).returning();
  return row!;
}

export async function findBatch(db: Executor, scope: MerchantScope, id: string): Promise<BatchRow | null> {
  const [row] = await db
    .select()
    .from(commandBatches)
    .where(and(eq(commandBatches.merchantId, scope.merchantId), eq(commandBatches.id, id)));
  return row ?? null;
}

/** Each machine's device-log row for the batch: its command's outcome so far. */
export async function batchOutcomes(db: Executor, scope: MerchantScope, batchId: string) {
  return db
    .select({
      deviceId: deviceLogs.deviceId,
      result: deviceLogs.result,
      code: deviceLogs.code,
    })
    .from(deviceLogs)
    .where(and(eq(deviceLogs.merchantId, scope.merchantId), eq(deviceLogs.batchId, batchId)))
    .orderBy(asc(deviceLogs.id)) as Promise<
    { deviceId: number | null; result: (typeof commandOutcomes)[number] | null; code: number | null }[]
  >;
}
