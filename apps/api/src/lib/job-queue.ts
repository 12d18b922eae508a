import type pg from 'pg';
import type { Clock } from './clock';
import { countJob } from './metrics';

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;
import type { Log } from './log';

export type Job<P = Record<string, unknown>> = { id: number; payload: P; attempts: number; maxAttempts: number };

/** A card charge at a machine that the card desk could not settle: the gateway queues, notifications alert. */
export const cardFailureQueue = 'notify.cardFailure';

/** A failure that retrying cannot fix (a channel that is not linked, a subscription that is gone). */
export class PermanentJobFailure extends Error {}

/** How long a run may hold a job before another instance takes it over. */
const leaseSeconds = 120;

/** 30 s, 1 min, 2 min … capped at an hour, each ±20 % so retries of many jobs spread out. */
export function retryDelayMs(attempt: number, random = Math.random): number {
  const base = Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
  return Math.round(base * (0.8 + 0.4 * random()));
}

export async function enqueueJob(
  db: Queryable,
  queue: string,
  payload: Record<string, unknown>,
  options: { runAt: Date; dedupeKey?: string; maxAttempts?: number },
): Promise<void> {
  await db.query(
    `insert into background_jobs (queue, payload, dedupe_key, run_at, max_attempts)
     values ($1, $2, $3, $4, $5) on conflict (queue, dedupe_key) do nothing`,
    [queue, payload, options.dedupeKey ?? null, options.runAt, options.maxAttempts ?? 6],
  );
}

const claim = `
update background_jobs j
   set status = 'running', attempts = j.attempts + 1, locked_until = $2::timestamptz + make_interval(secs => ${leaseSeconds})
 where j.id in (select id from background_jobs
                 where queue = $1 and ((status = 'pending' and run_at <= $2) or (status = 'running' and locked_until < $2))
                 order by run_at, id
                 for update skip locked
                 limit $3)
returning j.id, j.payload, j.attempts, j.max_attempts as "maxAttempts"`;

/**
 * Runs one queue's due jobs in batches. A job is claimed by one instance (`skip locked`), runs, and is
 * then done, retried later (attempts left) or failed with its last error. A runner that dies leaves the
 * job to be taken over once its lease ends, so delivery is at least once and normally exactly once.
 */
export function createQueueRunner<P>(deps: {
  pool: pg.Pool;
  clock: Clock;
  queue: string;
  handle: (job: Job<P>) => Promise<void>;
  batchSize?: number;
  log?: Log;
  random?: () => number;
}) {
  const { pool, clock, queue, handle } = deps;
  const batchSize = deps.batchSize ?? 20;

  async function finish(job: Job<P>, error: unknown) {
    const now = clock.now();
    if (error === null) {
      await pool.query(
        `update background_jobs set status = 'done', finished_at = $2, locked_until = null, last_error = null where id = $1`,
        [job.id, now],
      );
      countJob(queue, 'done');
      return;
    }
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const permanent = error instanceof PermanentJobFailure;
    if (permanent || job.attempts >= job.maxAttempts) {
      await pool.query(
        `update background_jobs set status = 'failed', finished_at = $2, locked_until = null, last_error = $3 where id = $1`,
        [job.id, now, message],
      );
      deps.log?.warn({ queue, jobId: job.id, attempts: job.attempts, err: message }, 'job failed for good');
      countJob(queue, 'failed');
      return;
    }
    const runAt = new Date(now.getTime() + retryDelayMs(job.attempts, deps.random));
    await pool.query(
      `update background_jobs set status = 'pending', run_at = $2, locked_until = null, last_error = $3 where id = $1`,
      [job.id, runAt, message],
    );
    countJob(queue, 'retry');
  }

  /** Claims and runs due jobs until none is left; answers how many ran. */
  async function runDue(): Promise<number> {
    let ran = 0;
    for (;;) {
      const claimed = await pool.query<Job<P>>(claim, [queue, clock.now(), batchSize]);
      if (claimed.rows.length === 0) return ran;
      await Promise.all(
        claimed.rows.map(async (job) => {
          let failure: unknown = null;
          try {
            await handle(job);
          } catch (error) {
            failure = error ?? new Error('job failed');
          }
          await finish(job, failure);
        }),
      );
      ran += claimed.rows.length;
    }
  }

  return { runDue };
}

/**
 * Each queue's waiting jobs and how long the oldest due one has waited (for /metrics). A job waits from when
 * it became due or was queued, whichever is later: the triggers queue work due at once with `run_at` 'epoch'.
 */
export async function queueBacklog(
  pool: Queryable,
  now: Date,
): Promise<{ queue: string; depth: number; oldestDueSeconds: number }[]> {
  const { rows } = await pool.query<{ queue: string; depth: number; oldest: number | null }>(
    `select queue, count(*)::int as depth,
            coalesce(ceil(extract(epoch from ($1::timestamptz - min(greatest(run_at, created_at)) filter (where run_at <= $1)))), 0)::int as oldest
       from background_jobs where status in ('pending', 'running') group by queue`,
    [now],
  );
  return rows.map((row) => ({ queue: row.queue, depth: row.depth, oldestDueSeconds: Math.max(0, row.oldest ?? 0) }));
}
