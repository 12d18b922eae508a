import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { ScheduledJob } from '../../lib/scheduler';
import { lockMerchant } from '../merchant/service';
import { completePayout, dueSandboxPayouts, postDueTransactions } from './repository';

/**
 * Each arrived payout in its own transaction, locking as refunds and withdrawals do: the merchant
 * first, then the withdrawal, then its sales by id.
 */
async function completeSandboxPayouts(db: Database, now: Date, delaySeconds: number): Promise<number> {
  let deposited = 0;
  for (const due of await dueSandboxPayouts(db, now, delaySeconds)) {
    deposited += await db.transaction(async (tx) => {
      await lockMerchant(tx, { merchantId: due.merchantId });
      return completePayout(tx, due.id, now);
    });
  }
  return deposited;
}

/**
 * The money's background work: sales past their posting time become withdrawable, and the sandbox
 * provider's payouts arrive. Each step is idempotent (a conditional UPDATE), so every api instance
 * may run it at the same time without doing anything twice. Answers the run and the scheduler's job.
 */
export function startMoneyJobs(deps: {
  db: Database;
  clock: Clock;
  everySeconds: number;
  sandboxDelaySeconds: number | null;
  log: FastifyBaseLogger;
}) {
  const runOnce = async () => {
    const now = deps.clock.now();
    const posted = await postDueTransactions(deps.db, now);
    const deposited =
      deps.sandboxDelaySeconds === null ? 0 : await completeSandboxPayouts(deps.db, now, deps.sandboxDelaySeconds);
    if (posted || deposited) deps.log.info({ posted, deposited }, 'settlement');
  };
  /** The scheduler's job: every `everySeconds` (0: never). */
  const job: ScheduledJob = { name: 'settlement job', everySeconds: deps.everySeconds, run: runOnce, log: deps.log };
  return { runOnce, job };
}
