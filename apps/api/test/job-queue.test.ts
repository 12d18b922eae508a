import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../src/db/client';
import { manualClock } from '../src/lib/clock';
import { createQueueRunner, enqueueJob, PermanentJobFailure, queueBacklog, retryDelayMs } from '../src/lib/job-queue';
import { createTestDatabase } from './helpers/test-app';

let a: pg.Pool;
let b: pg.Pool;
beforeAll(async () => {
  const url = await createTestDatabase();
  a = createPool(url, 4);
  b = createPool(url, 4);
});
afterAll(async () => {
  await a.end();
  await b.end();
});

const jobRow = async (queue: string) =>
  (
    await a.query<{ status: string; attempts: number; last_error: string | null; run_at: Date }>(
      'select status, attempts, last_error, run_at from background_jobs where queue = $1',
      [queue],
    )
  ).rows[0]!;

describe('background jobs in PostgreSQL', () => {
  it("counts a queue's backlog, and ages a job queued due at once (run_at 'epoch') from when it was queued", async () => {
    await a.query(
      `insert into background_jobs (queue, payload, run_at, created_at) values
         ('backlog', '{}', 'epoch', '2026-11-22T02:00:00Z'),
         ('backlog', '{}', '2026-11-22T02:00:10Z', '2026-11-22T01:00:00Z'),
         ('backlog', '{}', '2026-11-22T02:01:00Z', '2026-11-22T02:00:00Z')`,
    );
    const backlog = await queueBacklog(a, new Date('2026-11-22T02:00:30Z'));
    expect(backlog.find((row) => row.queue === 'backlog')).toEqual({
      queue: 'backlog',
      depth: 3,
      oldestDueSeconds: 30,
    });
  });

  it('retries a failing job with growing delays, then marks it failed with its last error', async () => {
    const clock = manualClock(new Date('2026-11-22T02:00:00Z'));
    let calls = 0;
    const runner = createQueueRunner({
      pool: a,
      clock,
      queue: 'retry',
      random: () => 0.5,
      handle: async () => {
        calls += 1;
        throw new Error(`channel down ${calls}`);
      },
    });
    await enqueueJob(a, 'retry', { to: 'x' }, { runAt: clock.now(), maxAttempts: 3 });

    expect(await runner.runDue()).toBe(1);
    let row = await jobRow('retry');
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'channel down 1' });
    expect(row.run_at.getTime() - clock.now().getTime()).toBe(retryDelayMs(1, () => 0.5));

    // Not due yet: nothing runs.
    clock.advance(retryDelayMs(1, () => 0.5) - 1000);
    expect(await runner.runDue()).toBe(0);
    clock.advance(1000);
    expect(await runner.runDue()).toBe(1);
    row = await jobRow('retry');
    expect(row.run_at.getTime() - clock.now().getTime()).toBe(retryDelayMs(2, () => 0.5));
    expect(retryDelayMs(2, () => 0.5)).toBe(2 * retryDelayMs(1, () => 0.5));

    clock.advance(retryDelayMs(2, () => 0.5));
    expect(await runner.runDue()).toBe(1);
    expect(await jobRow('retry')).toMatchObject({ status: 'failed', attempts: 3, last_error: 'channel down 3' });
    clock.advance(3_600_000);
    expect(await runner.runDue()).toBe(0);
    expect(calls).toBe(3);
  });

  it('fails at once on a permanent failure', async () => {
    const clock = manualClock(new Date('2026-11-22T02:00:00Z'));
    const runner = createQueueRunner({
      pool: a,
      clock,
      queue: 'permanent',
      handle: async () => {
        throw new PermanentJobFailure('not linked');
      },
    });
    await enqueueJob(a, 'permanent', {}, { runAt: clock.now() });
    await runner.runDue();
    expect(await jobRow('permanent')).toMatchObject({ status: 'failed', attempts: 1, last_error: 'not linked' });
  });

  it('keeps a job enqueued twice with one key once', async () => {
    const at = new Date('2026-11-22T02:00:00Z');
    await enqueueJob(a, 'dedupe', { n: 1 }, { runAt: at, dedupeKey: 'k' });
    await enqueueJob(b, 'dedupe', { n: 2 }, { runAt: at, dedupeKey: 'k' });
    const rows = await a.query(`select payload from background_jobs where queue = 'dedupe'`);
    expect(rows.rows).toEqual([{ payload: { n: 1 } }]);
  });

  it('runs each job once when two instances work the same queue at the same time', async () => {
    const clock = manualClock(new Date('2026-11-22T02:00:00Z'));
    const ran: number[] = [];
    const handle = async (job: { payload: { n: number } }) => {
      ran.push(job.payload.n);
      await new Promise((resolve) => setTimeout(resolve, 2));
    };
    for (let n = 0; n < 200; n += 1) await enqueueJob(a, 'shared', { n }, { runAt: clock.now() });
    const one = createQueueRunner({ pool: a, clock, queue: 'shared', handle, batchSize: 7 });
    const two = createQueueRunner({ pool: b, clock, queue: 'shared', handle, batchSize: 7 });
    const [x, y] = await Promise.all([one.runDue(), two.runDue()]);
    expect(x + y).toBe(200);
    expect(x).toBeGreaterThan(0);
    expect(y).toBeGreaterThan(0);
    expect([...ran].sort((p, q) => p - q)).toEqual(Array.from({ length: 200 }, (_, n) => n));
    const left = await a.query(
      `select count(*)::int as n from background_jobs where queue = 'shared' and status <> 'done'`,
    );
    expect(left.rows[0].n).toBe(0);
  });

  it('takes over a job whose runner died once its lease ends', async () => {
    const clock = manualClock(new Date('2026-11-22T02:00:00Z'));
    await enqueueJob(a, 'lease', {}, { runAt: clock.now() });
    // A runner claimed it and died: the row is left running.
    await a.query(
      `update background_jobs set status = 'running', attempts = 1, locked_until = $1 where queue = 'lease'`,
      [new Date(clock.now().getTime() + 120_000)],
    );
    let ran = 0;
    const runner = createQueueRunner({ pool: b, clock, queue: 'lease', handle: async () => void (ran += 1) });
    expect(await runner.runDue()).toBe(0);
    clock.advance(121_000);
    expect(await runner.runDue()).toBe(1);
    expect(ran).toBe(1);
    expect(await jobRow('lease')).toMatchObject({ status: 'done', attempts: 2 });
  });
});
