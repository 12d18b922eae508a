import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { openEventStream, type StreamWriter } from '../src/lib/event-stream';
import { createBackgroundLane, toBackground, trackForeground } from '../src/lib/foreground';

/** A foreground whose requests in flight the test sets. */
function manualForeground() {
  let inFlight = 0;
  let waiting: (() => void)[] = [];
  return {
    inFlight: () => inFlight,
    idle: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
    set(count: number) {
      inFlight = count;
      if (count === 0) {
        for (const resolve of waiting) resolve();
        waiting = [];
      }
    },
  };
}

/** A delay the test ends by hand: `elapse()` ends every wait begun so far. */
function manualDelay() {
  let pending: (() => void)[] = [];
  return {
    delay: () => new Promise<void>((resolve) => pending.push(resolve)),
    waits: () => pending.length,
    elapse() {
      for (const resolve of pending) resolve();
      pending = [];
    },
  };
}

/** Lets every promise already settled run its callbacks. */
const settle = async () => {
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('the background lane', () => {
  it('runs one step at a time, in the order they asked', async () => {
    const lane = createBackgroundLane(manualForeground());
    const order: string[] = [];
    const endFirst = await lane.turn();
    order.push('first');
    const second = lane.turn().then((end) => (order.push('second'), end));
    const third = lane.turn().then((end) => (order.push('third'), end));
    await settle();
    expect(order).toEqual(['first']);
    endFirst();
    (await second)();
    (await third)();
    expect(order).toEqual(['first', 'second', 'third']);
  });

  it('starts a step once no request is in flight', async () => {
    const foreground = manualForeground();
    const clock = manualDelay();
    const lane = createBackgroundLane(foreground, { delay: clock.delay });
    foreground.set(2);
    let started = false;
    const step = lane.turn().then((end) => ((started = true), end));
    await settle();
    expect(started).toBe(false);
    foreground.set(0);
    (await step)();
    expect(started).toBe(true);
  });

  it('moves on after its longest wait when requests keep coming', async () => {
    const foreground = manualForeground();
    const clock = manualDelay();
    const lane = createBackgroundLane(foreground, { maxWaitMs: 250, delay: clock.delay });
    foreground.set(1);
    let started = false;
    const step = lane.turn().then((end) => ((started = true), end));
    await settle();
    expect(started).toBe(false);
    expect(clock.waits()).toBe(1);
    clock.elapse();
    (await step)();
    expect(started).toBe(true);
    expect(foreground.inFlight()).toBe(1);
  });
});

describe('requests in flight', () => {
  it('counts a request from its arrival to its answer, except one turned to background work', async () => {
    const app = Fastify();
    const foreground = trackForeground(app);
    let answerSlow!: () => void;
    let slowArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (slowArrived = resolve));
    app.get('/slow', async () => {
      slowArrived();
      await new Promise<void>((resolve) => (answerSlow = resolve));
      return { ok: true };
    });
    app.get('/export', async (request) => {
      toBackground(request);
      return { inFlight: foreground.inFlight() };
    });
    await app.ready();
    try {
      expect(foreground.inFlight()).toBe(0);
      const slow = app.inject({ method: 'GET', url: '/slow' });
      await arrived;
      expect(foreground.inFlight()).toBe(1);
      let idle = false;
      const becameIdle = foreground.idle().then(() => (idle = true));
      // The export does not count itself, and leaves the slow request counted.
      const exported = await app.inject({ method: 'GET', url: '/export' });
      expect(exported.json()).toEqual({ inFlight: 1 });
      expect(foreground.inFlight()).toBe(1);
      expect(idle).toBe(false);
      answerSlow();
      expect((await slow).statusCode).toBe(200);
      await becameIdle;
      expect(foreground.inFlight()).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('lets go of a hijacked answer when its connection ends, and never counts an event stream', async () => {
    const app = Fastify();
    const foreground = trackForeground(app);
    let arrived!: () => void;
    let opened = new Promise<void>((resolve) => (arrived = resolve));
    let endStream!: () => void;
    app.get('/hijacked', (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200);
      reply.raw.write('open\n');
      endStream = () => reply.raw.end();
      arrived();
    });
    let writer!: StreamWriter;
    app.get('/events', async (_request, reply) => {
      await openEventStream(reply, { maxSeconds: 600, heartbeatSeconds: 300 }, async (stream) => {
        writer = stream;
        return () => undefined;
      });
      arrived();
    });
    await app.ready();
    try {
      // A hijacked answer the route keeps open counts until it ends.
      const hijacked = app.inject({ method: 'GET', url: '/hijacked' });
      await opened;
      expect(foreground.inFlight()).toBe(1);
      endStream();
      await hijacked;
      expect(foreground.inFlight()).toBe(0);
      // An event stream is held open for minutes: it never counts as a request someone waits on.
      opened = new Promise<void>((resolve) => (arrived = resolve));
      const events = app.inject({ method: 'GET', url: '/events' });
      await opened;
      expect(foreground.inFlight()).toBe(0);
      writer.end();
      expect((await events).body).toContain('event: ready');
      expect(foreground.inFlight()).toBe(0);
    } finally {
      await app.close();
    }
  });
});
