import { startTransition, useEffect, useState } from 'react';
import { nextTask } from './next-task';

/**
 * How many of `total` items to draw now: `first` at once, then `step` more in each following task, at a
 * transition's priority, until all are drawn. A long list's first commit (and the style and layout after
 * it) then costs what a screenful does, and the rest arrives in small pieces a phone answers input between.
 * Counting starts again when `restartKey` changes (another page of the list).
 */
export function useGradualCount(total: number, first: number, step: number, restartKey: unknown): number {
  const [state, setState] = useState({ key: restartKey, drawn: first });
  const current = state.key === restartKey ? state : { key: restartKey, drawn: first };
  if (current !== state) setState(current);
  const drawn = Math.min(current.drawn, total);
  useEffect(() => {
    if (drawn >= total) return;
    let stopped = false;
    void nextTask().then(() => {
      if (stopped) return;
      startTransition(() =>
        setState((now) => (now.key === restartKey ? { key: restartKey, drawn: now.drawn + step } : now)),
      );
    });
    return () => {
      stopped = true;
    };
  }, [drawn, total, step, restartKey]);
  return drawn;
}
