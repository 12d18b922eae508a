import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The requests a person waits on, and long work that gives way to them.
 *
 * An export of months of sales reads and writes hundreds of thousands of rows: run at full speed
 * beside other people's pages it took a core of its own per download and made every page wait
 * (docs/performance.md, "50M sales, 20 users"). Such work goes through the instance's one
 * `BackgroundLane`: one step at a time (a batch of rows), each started once no request is in flight,
 * or after `maxWaitMs` if requests keep coming, so it always moves on.
 */
export type Foreground = {
  /** Requests being answered now (those turned to background work are not counted). */
  inFlight(): number;
  /** Resolves once no request is in flight (at once when none is). */
  idle(): Promise<void>;
};

export type BackgroundLane = {
  /**
   * Waits for this step's turn: the steps before it done, then no request in flight (or `maxWaitMs`
   * gone by). Resolves with the function that ends the step; call it once the step's work is done.
   */
  turn(): Promise<() => void>;
};

const release = Symbol('released from in flight');
type Tracked = FastifyRequest & { [release]?: () => void };

/**
 * This request's answer is background work from now on (an export streaming, an event stream held
 * open): it no longer counts as in flight. Nothing happens for a request no tracker counted.
 */
export function toBackground(request: FastifyRequest): void {
  (request as Tracked)[release]?.();
}

/**
 * Counts the app's requests in flight from their arrival to their answer: its end, the client
 * leaving, or its connection closing, whichever comes first (a hijacked answer included).
 */
export function trackForeground(app: FastifyInstance): Foreground {
  let inFlight = 0;
  let waiting: (() => void)[] = [];
  app.addHook('onRequest', (request: Tracked, reply, done) => {
    let counted = true;
    inFlight += 1;
    const end = () => {
      if (!counted) return;
      counted = false;
      inFlight -= 1;
      if (inFlight === 0) {
        const resolved = waiting;
        waiting = [];
        for (const resolve of resolved) resolve();
      }
    };
    request[release] = end;
    reply.raw.once('finish', end);
    reply.raw.once('close', end);
    done();
  });
  return {
    inFlight: () => inFlight,
    idle: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
  };
}

/**
 * The lane long work shares on one instance. `delay` waits the given milliseconds (a timer; tests
 * pass their own).
 */
export function createBackgroundLane(
  foreground: Foreground,
  { maxWaitMs = 250, delay = defaultDelay }: { maxWaitMs?: number; delay?: (ms: number) => Promise<void> } = {},
): BackgroundLane {
  let last: Promise<void> = Promise.resolve();
  return {
    async turn() {
      let end!: () => void;
      const done = new Promise<void>((resolve) => (end = resolve));
      const before = last;
      last = before.then(() => done);
      await before;
      if (foreground.inFlight() > 0) await Promise.race([foreground.idle(), delay(maxWaitMs)]);
      return end;
    },
  };
}

const defaultDelay = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });
