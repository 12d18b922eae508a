import { eq, sql } from 'drizzle-orm';
import type { commandOutcomes, logTypes } from '@sbo/contracts';
import type { Executor } from '../db/client';
import { deviceLogs, users } from '../db/schema';

type Params = Record<string, string | number | boolean | null>;

type OperatorLog = {
  merchantId: number;
  deviceId: number;
  hwid: string | null;
  operatorUserId: number;
  key: string;
  content: string;
  params?: Params;
  commandId?: string;
  result?: (typeof commandOutcomes)[number];
  expectedCoins?: number | null;
  /** remoteControl unless the action belongs elsewhere (a cash-box settlement). */
  logType?: (typeof logTypes)[number];
  /** Set when the command went to many machines at once (`command_batches`). */
  batchId?: string | null;
};

/** A row for something a person did to a device (remote action or admin change); the operator's name is kept. */
export async function insertOperatorLog(db: Executor, log: OperatorLog): Promise<number> {
  const [row] = await db
    .insert(deviceLogs)
    .values({
      merchantId: log.merchantId,
      deviceId: log.deviceId,
      hwid: log.hwid,
      logType: log.logType ?? 'remoteControl',
      contentKey: log.key,
      content: log.content,
      contentParams: log.params ?? {},
      operatorUserId: log.operatorUserId,
      operatorName: sql`(select ${users.nickName} from ${users} where ${users.id} = ${log.operatorUserId})`,
      commandId: log.commandId ?? null,
      result: log.result ?? null,
      expectedCoins: log.expectedCoins ?? null,
      batchId: log.batchId ?? null,
    })
    .returning({ id: deviceLogs.id });
  return row!.id;
}

export async function finishOperatorLog(
  db: Executor,
  id: number,
  outcome: { result: (typeof commandOutcomes)[number]; code: number | null },
) {
  await db.update(deviceLogs).set({ result: outcome.result, code: outcome.code }).where(eq(deviceLogs.id, id));
}
