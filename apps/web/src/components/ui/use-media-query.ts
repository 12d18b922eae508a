import { useSyncExternalStore } from 'react';

/** Read synchronously on the first render, so the phone layout never flashes the desktop one. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Below 768 px the back office switches to the phone layout. */
export const phoneQuery = '(max-width: 767.98px)';
