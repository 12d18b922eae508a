// When and how soon scripts/start.mjs starts the api again after it ended.

/** The api's exit code for a bad setting (sysexits' EX_CONFIG): starting again will not mend it. */
export const configErrorExitCode = 78;

/**
 * Whether the api ended unexpectedly and should be started again: it died of a signal or exited
 * with an error, while nobody had asked it to stop. Exit 0 is a stop someone asked for.
 */
export function shouldRestart({ code, signal, stopping }) {
  if (stopping) return false;
  if (signal) return true;
  return code !== 0 && code !== configErrorExitCode;
}

/**
 * Exponential backoff for restarts: 1 s, 2 s, 4 s … at most 30 s; a run that lasted a minute or
 * more was stable, and the next crash starts over at 1 s.
 */
export function createRestartBackoff({ firstDelayMs = 1000, maxDelayMs = 30_000, stableAfterMs = 60_000 } = {}) {
  let crashesInARow = 0;
  return {
    /** The wait before the next start, given how long the run that just ended lasted. */
    nextDelay(ranForMs) {
      if (ranForMs >= stableAfterMs) crashesInARow = 0;
      const delay = Math.min(firstDelayMs * 2 ** crashesInARow, maxDelayMs);
      crashesInARow += 1;
      return delay;
    },
  };
}
