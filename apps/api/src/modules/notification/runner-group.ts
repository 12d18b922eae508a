import type pg from 'pg';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { createQueueRunner } from '../../lib/job-queue';
import type { Log } from '../../lib/log';

/** What a watch that turns queued facts into notifications is started with. */
export type WatchDeps = { pool: pg.Pool; db: Database; clock: Clock; log?: Log };

type QueueRunner = Pick<ReturnType<typeof createQueueRunner>, 'runDue'>;

/** Several queues' runners driven as one job: run what is due in each, in order. */
export function queueRunnerGroup(runners: readonly QueueRunner[]) {
  return {
    async runDue() {
      let ran = 0;
      for (const runner of runners) ran += await runner.runDue();
      return ran;
    },
  };
}
