/** The api's only source of "now", so tests can move time (token lifetimes, expiries). */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

export function manualClock(start = new Date()): Clock & { advance(ms: number): void; set(at: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (at) => {
      current = at.getTime();
    },
  };
}
