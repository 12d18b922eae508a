/** The video player's rules, kept free of the DOM so they are tested as plain functions. */

/** Seconds an arrow key moves; with Shift held, a minute. */
const seekStepSeconds = 10;
const longSeekStepSeconds = 60;
/** An arrow up or down changes the volume by a tenth. */
const volumeStep = 0.1;
/** Two taps (or clicks) closer than this toggle full screen; a lone tap toggles play once it has passed. */
export const doubleTapWindowMs = 500;

/** Where a seek lands: never before the start, never past the end (an unknown length only stops at 0). */
export function seekTarget(currentTime: number, delta: number, duration: number): number {
  const target = currentTime + delta;
  const end = Number.isFinite(duration) && duration > 0 ? duration : Number.POSITIVE_INFINITY;
  return Math.min(Math.max(target, 0), end);
}

/** The volume after a step: between 0 and 1, rounded to a tenth so steps never drift (0.30000000000000004). */
export function steppedVolume(volume: number, delta: number): number {
  const rounded = Math.round((volume + delta) * 10) / 10;
  return Math.min(Math.max(rounded, 0), 1);
}

export type PlayerCommand =
  | { kind: 'seek'; seconds: number }
  | { kind: 'volume'; delta: number }
  | { kind: 'togglePlay' }
  | { kind: 'toggleMute' }
  | { kind: 'toggleFullscreen' }
  | { kind: 'toggleCaptions' };

type KeyPress = { key: string; shiftKey: boolean; altKey?: boolean; ctrlKey?: boolean; metaKey?: boolean };

/** What a key does in the player, or null when the key is not the player's (it then keeps its usual meaning). */
export function commandForKey({ key, shiftKey, altKey, ctrlKey, metaKey }: KeyPress): PlayerCommand | null {
  if (altKey || ctrlKey || metaKey) return null;
  const step = shiftKey ? longSeekStepSeconds : seekStepSeconds;
  switch (key) {
    case 'ArrowRight':
      return { kind: 'seek', seconds: step };
    case 'ArrowLeft':
      return { kind: 'seek', seconds: -step };
    case 'ArrowUp':
      return { kind: 'volume', delta: volumeStep };
    case 'ArrowDown':
      return { kind: 'volume', delta: -volumeStep };
    case ' ':
    case 'k':
    case 'K':
      return { kind: 'togglePlay' };
    case 'm':
    case 'M':
      return { kind: 'toggleMute' };
    case 'f':
    case 'F':
      return { kind: 'toggleFullscreen' };
    case 'c':
    case 'C':
      return { kind: 'toggleCaptions' };
    default:
      return null;
  }
}

type TapOutcome = 'double' | 'first';

/**
 * Tells a double tap from a single one, with the clock injected: a tap within `windowMs` of the previous
 * first tap is a double (and starts over); any other tap is a first tap, whose single action the caller
 * runs when the window passes without another.
 */
export function createTapDetector(now: () => number, windowMs = doubleTapWindowMs) {
  let firstTapAt: number | null = null;
  return {
    tap(): TapOutcome {
      const at = now();
      if (firstTapAt !== null && at - firstTapAt <= windowMs) {
        firstTapAt = null;
        return 'double';
      }
      firstTapAt = at;
      return 'first';
    },
    /** Whether a first tap is still waiting for a second one at this moment. */
    pending(): boolean {
      return firstTapAt !== null && now() - firstTapAt <= windowMs;
    },
    reset(): void {
      firstTapAt = null;
    },
  };
}

/** `m:ss` (or `h:mm:ss`) for a time in seconds; an unknown time reads 0:00. */
export function formatPlayerTime(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
