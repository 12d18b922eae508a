import { useSyncExternalStore } from 'react';

/**
 * One clock for every countdown on the screen: a list of twenty machines ticks once a second in one
 * render, not twenty (one timer each, each its own render).
 */
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;
let now = Date.now();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === null) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      listeners.forEach((notify) => notify());
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

const noSubscription = () => () => {};
// With no clock running (the first countdown of a screen), the time is read afresh, but at most once a
// second: React reads a snapshot several times a render and needs the same answer each time.
const readNow = () => {
  if (timer === null && Date.now() - now >= 1000) now = Date.now();
  return now;
};
const readNothing = () => 0;

/**
 * The current time, refreshed every second, for countdowns between device reports. `ticking` false reads
 * no clock at all (0): a machine with no cycle running has nothing to count down.
 */
export function useNow(ticking = true): number {
  return useSyncExternalStore(ticking ? subscribe : noSubscription, ticking ? readNow : readNothing);
}
