import { describe, expect, it } from 'vitest';
import { createAdmissionPace, createPacer, createRateLimiter } from '../src/modules/gateway/rate-limiter';

// The gateway's limits on a controlled clock: every `now` is given, so nothing here depends on the
// machine's speed (gateway-limits.test.ts drives them through a real broker).
describe('createPacer', () => {
  it('gives a burst one turn per 1/perSecond, each waiting at most maxWaitMs, and refuses the rest without a turn', () => {
    const pacer = createPacer({ perSecond: 5, maxWaitMs: 4_000 });
    const waits = Array.from({ length: 60 }, () => pacer.turn(10_000));
    const given = waits.filter((wait): wait is number => wait !== null);
    // Turns at 0, 200, …, 4,000 ms: 21 of the 60; the other 39 refused at once.
    expect(given).toEqual(Array.from({ length: 21 }, (_, index) => index * 200));
    expect(waits.slice(21).every((wait) => wait === null)).toBe(true);
    // A refusal took no turn: once the queue has moved on, the next caller gets the next free turn.
    expect(pacer.turn(10_000 + 4_100)).toBe(100);
    expect(pacer.turn(10_000 + 10_000)).toBe(0);
  });

  it('does not pace with perSecond 0', () => {
    const pacer = createPacer({ perSecond: 0, maxWaitMs: 0 });
    expect(Array.from({ length: 1_000 }, () => pacer.turn(0)).every((wait) => wait === 0)).toBe(true);
  });
});

describe('createPacer with a budget', () => {
  it('refuses a late caller whose wait would pass its budget, without taking a turn, but gives a free turn at once', () => {
    const pacer = createPacer({ perSecond: 10, maxWaitMs: 4_000 });
    expect(pacer.turn(0, -5_000)).toBe(0);
    // The next turn is 100 ms away: a caller with 50 ms left is refused, one with 200 ms waits.
    expect(pacer.turn(0, 50)).toBeNull();
    expect(pacer.turn(0, 200)).toBe(100);
    // Nothing left at all, and a turn free now: given.
    expect(pacer.turn(10_000, -1)).toBe(0);
  });
});

describe('createAdmissionPace', () => {
  const options = { maxPerSecond: 300, minPerSecond: 20, maxWaitMs: 4_000, slowMs: 250, fastMs: 100 };

  it('cuts the pace by 30 % a window while serving is slow, down to the lowest, and spaces turns by it', () => {
    const pace = createAdmissionPace(options);
    expect(pace.rate()).toBe(300);
    pace.observe(400);
    expect(pace.rate()).toBe(210);
    for (let i = 0; i < 20; i += 1) pace.observe(1_000);
    expect(pace.rate()).toBe(20);
    expect(pace.turn(0)).toBe(0);
    expect(pace.turn(0)).toBe(50);
  });

  it('holds between the two marks and grows back by a tenth of the highest pace, up to it', () => {
    const pace = createAdmissionPace(options);
    pace.observe(1_000);
    pace.observe(1_000);
    expect(pace.rate()).toBe(147);
    pace.observe(180);
    expect(pace.rate()).toBe(147);
    pace.observe(20);
    expect(pace.rate()).toBe(177);
    for (let i = 0; i < 10; i += 1) pace.observe(0);
    expect(pace.rate()).toBe(300);
  });

  it('does not pace with maxPerSecond 0, however slow', () => {
    const pace = createAdmissionPace({ ...options, maxPerSecond: 0, minPerSecond: 0 });
    pace.observe(10_000);
    expect(pace.rate()).toBe(0);
    expect(pace.turn(0)).toBe(0);
  });
});

describe('createRateLimiter', () => {
  it('allows `capacity` attempts per key, refilled evenly over perMs', () => {
    const limiter = createRateLimiter({ capacity: 3, perMs: 60_000 });
    expect([1, 2, 3, 4].map(() => limiter.take('a', 0))).toEqual([true, true, true, false]);
    expect(limiter.take('b', 0)).toBe(true);
    expect(limiter.allows('a', 19_999)).toBe(false);
    expect(limiter.take('a', 20_000)).toBe(true);
    expect(limiter.take('a', 20_000)).toBe(false);
  });
});
