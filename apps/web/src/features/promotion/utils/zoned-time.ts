import { wallClockParts } from '@sbo/contracts/wall-clock';

// A promotion's start and end are instants; the form shows and takes them on the merchant's wall
// clock (`YYYY-MM-DDTHH:mm` in the merchant's zone), whatever zone the browser is in.

/** An instant on a zone's wall clock, `YYYY-MM-DDTHH:mm`. */
export function wallTimeOf(instant: Date | string, timeZone: string): string {
  const { year, month, day, hour, minute } = wallClockParts(new Date(instant), timeZone);
  return `${year}-${month}-${day}T${hour}:${minute}`;
}

const wallPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant a wall time of a zone names. A wall time skipped by a daylight-saving change reads as
 * the one an hour later; one that happens twice, as the first.
 */
export function instantOfWallTime(wall: string, timeZone: string): Date | null {
  const match = wallPattern.exec(wall);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  const offsetAt = (at: number) => {
    const shown = wallPattern.exec(wallTimeOf(new Date(at), timeZone));
    if (!shown) return 0;
    const [, sy, smo, sd, sh, smi] = shown.map(Number) as [number, number, number, number, number, number];
    return Date.UTC(sy, smo - 1, sd, sh, smi) - at;
  };
  const day = 86_400_000;
  // The zone's offsets a day either side: one, or two across a change.
  const candidates = [...new Set([offsetAt(asUtc - day), offsetAt(asUtc + day)])].map((offset) => asUtc - offset);
  const valid = candidates.filter((at) => wallTimeOf(new Date(at), timeZone) === wall).sort((a, b) => a - b);
  return new Date(valid[0] ?? Math.max(...candidates));
}
