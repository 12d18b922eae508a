import type { Log } from './log';

/**
 * Background work that runs every few seconds: a module's `jobs` declare it, the app starts and stops
 * it. The run reads "now" from the app's clock (tests drive it with a manual clock and call the run
 * themselves); the interval itself is wall time.
 */
export type ScheduledJob = {
  /** Names the job in logs: a failed run logs "<name> failed". */
  name: string;
  /** Seconds between runs (fractions allowed); 0 or less: the job never runs on its own. */
  everySeconds: number;
  run: () => Promise<unknown>;
  /** Where a failed run is logged (the scheduler's log when absent). */
  log?: Pick<Log, 'error'>;
};

/**
 * The one timer of the api's background work. Each job runs at most once at a time: a tick that finds
 * the previous run still going is skipped. `stop` ends the timers and waits for the runs under way.
 */
export function createScheduler(log: Pick<Log, 'error'>) {
  const jobs: ScheduledJob[] = [];
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<unknown>>();

  function tick(job: ScheduledJob) {
    if (running.has(job.name)) return;
    const run = job
      .run()
      .catch((error: unknown) => (job.log ?? log).error({ err: error }, `${job.name} failed`))
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
  }

  return {
    add(...more: ScheduledJob[]) {
      for (const job of more) {
        if (jobs.some((known) => known.name === job.name)) throw new Error(`job "${job.name}" is scheduled twice`);
        jobs.push(job);
      }
    },
    start() {
      if (timers.length > 0) return;
      for (const job of jobs) {
        if (job.everySeconds <= 0) continue;
        const timer = setInterval(() => tick(job), job.everySeconds * 1000);
        timer.unref();
        timers.push(timer);
      }
    },
    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
