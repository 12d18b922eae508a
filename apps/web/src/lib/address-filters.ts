/**
 * Filters that live in the address, changed quickly one after another.
 *
 * A router's search params are the copy of the last render. A pick made before the screen redrew
 * after the one before (a busy phone, a quick hand) would build on that copy and undo the earlier
 * pick. So a change is taken as what it changes of the filters the screen showed, applied to the
 * address as it is now.
 */

/** The address's search as it is now, not as the last render saw it. */
export function liveSearch(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}

/** What `next` changes of `seen` (the filters on screen), applied to `live` (the filters in the address now). */
export function rebaseFilters<T extends object>(seen: T, next: T, live: T): T {
  const merged = { ...live } as Record<string, unknown>;
  const before = seen as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (Object.is(before[key], after[key])) continue;
    if (after[key] === undefined) delete merged[key];
    else merged[key] = after[key];
  }
  return merged as T;
}
