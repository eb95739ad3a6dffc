import { useSyncExternalStore } from 'react';

/** Whether a media query matches now, following changes (e.g. the 768px drawer breakpoint). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Spec 9: the sidebar collapses into a floating drawer below 768px. */
export const DRAWER_QUERY = '(max-width: 767.98px)';
