import { useCallback, useSyncExternalStore } from 'react';
import { useMerchantProfile } from '../../lib/use-session';
import { releaseNoteIds } from './note-index';

const listeners = new Set<() => void>();
const keyOf = (userId: number) => `releaseNotesSeen:${userId}`;

/** The notes not among those seen: what the what's-new mark counts. */
export function unseenNoteIds(noteIds: readonly string[], seenIds: readonly string[]): string[] {
  const seen = new Set(seenIds);
  return noteIds.filter((id) => !seen.has(id));
}

function readSeen(userId: number): string {
  try {
    return globalThis.localStorage?.getItem(keyOf(userId)) ?? '[]';
  } catch {
    return '[]';
  }
}

function parseSeen(raw: string): string[] {
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // Another tab of the same user opening the log clears the mark here too.
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

/**
 * Whether this user has release notes they have not seen, kept per user in this browser (the ids of the
 * notes seen, so a second note on the same day still counts), and a way to mark them all seen.
 */
export function useWhatsNew(): { unseen: number; markAllSeen: () => void } {
  const userId = useMerchantProfile()?.userId;
  const raw = useSyncExternalStore(subscribe, () => (userId === undefined ? null : readSeen(userId)));
  const unseen = raw === null ? 0 : unseenNoteIds(releaseNoteIds, parseSeen(raw)).length;
  const markAllSeen = useCallback(() => {
    if (userId === undefined) return;
    try {
      globalThis.localStorage?.setItem(keyOf(userId), JSON.stringify(releaseNoteIds));
    } catch {
      return;
    }
    listeners.forEach((listener) => listener());
  }, [userId]);
  return { unseen, markAllSeen };
}
