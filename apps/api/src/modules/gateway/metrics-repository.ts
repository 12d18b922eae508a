import { count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deviceState } from '../../db/schema';

/** Machines whose presence says online (what the gateway heard over its broker, embedded or not). */
export async function countOnlineMachines(db: Executor): Promise<number> {
  const [row] = await db.select({ online: count() }).from(deviceState).where(eq(deviceState.online, true));
  return row?.online ?? 0;
}
