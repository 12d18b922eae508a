import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Fastify from 'fastify';
import { createScheduler } from '../src/lib/scheduler';
import { defineModule, setUpModules, type ModuleContext } from '../src/lib/module';

const silent = () => ({ error: vi.fn() });

describe('the scheduler', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('runs each job every N seconds, one run at a time, and stop waits for the run under way', async () => {
    const log = silent();
    const scheduler = createScheduler(log);
    let runs = 0;
    let finish: () => void = () => undefined;
    scheduler.add({
      name: 'slow',
      everySeconds: 2,
      run: () => {
        runs += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    // Still running: the next ticks are skipped, not queued.
    await vi.advanceTimersByTimeAsync(6_000);
    expect(runs).toBe(1);
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(1);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('logs a failed run with its name (on the job’s own log when it has one) and runs it again next time', async () => {
    const log = silent();
    const own = silent();
    const scheduler = createScheduler(log);
    const run = vi.fn(async () => {
      throw new Error('broken');
    });
    scheduler.add(
      { name: 'settlement job', everySeconds: 0.5, run },
      { name: 'other', everySeconds: 1, run, log: own },
    );
    scheduler.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(3);
    expect(log.error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'settlement job failed');
    expect(own.error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'other failed');
    await scheduler.stop();
  });

  it('never runs a job set to 0 seconds, and refuses one name twice', async () => {
    const scheduler = createScheduler(silent());
    const run = vi.fn(async () => undefined);
    scheduler.add({ name: 'off', everySeconds: 0, run });
    expect(() => scheduler.add({ name: 'off', everySeconds: 1, run })).toThrow('scheduled twice');
    scheduler.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).not.toHaveBeenCalled();
    await scheduler.stop();
  });
});

describe('modules', () => {
  const base = () => {
    const app = Fastify();
    return { app, context: { app, log: app.log } as unknown as Omit<ModuleContext, 'need'> };
  };

  it('hand a service to the modules after the one that provides it, and refuse a missing one by name', async () => {
    const { app, context } = base();
    const seen: unknown[] = [];
    const provider = defineModule({ name: 'a', setup: () => ({ provides: { probe: 'from a' } as never }) });
    const user = defineModule({
      name: 'b',
      setup: ({ need }) => {
        seen.push(need('probe' as never));
        return {};
      },
    });
    await setUpModules(context, [provider, user]);
    expect(seen).toEqual(['from a']);
    await app.close();

    const other = base();
    await expect(setUpModules(other.context, [user, provider])).rejects.toThrow(
      'no module before this one provides "probe"',
    );
    await other.app.close();
  });

  it('refuse two modules providing one name', async () => {
    const { app, context } = base();
    const one = defineModule({ name: 'one', setup: () => ({ provides: { probe: 1 } as never }) });
    const two = defineModule({ name: 'two', setup: () => ({ provides: { probe: 2 } as never }) });
    await expect(setUpModules(context, [one, two])).rejects.toThrow('"probe" is provided by both one and two');
    await app.close();
  });

  it('end their streams before the app closes, then close in the modules’ order', async () => {
    const { app, context } = base();
    const order: string[] = [];
    const module = (name: string) =>
      defineModule({
        name,
        setup: () => ({
          jobs: [{ name: `${name} job`, everySeconds: 3_600, run: async () => undefined }],
          preClose: () => void order.push(`${name} pre-close`),
          onClose: async () => void order.push(`${name} closed`),
        }),
      });
    await setUpModules(context, [module('first'), module('second')]);
    await app.close();
    expect(order).toEqual(['first pre-close', 'second pre-close', 'first closed', 'second closed']);
  });
});
