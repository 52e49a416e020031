import { useSyncExternalStore } from 'react';

/**
 * Below this width (a phone, a narrow window) the console has no side menu: the menu opens
 * in a drawer from the navbar, as Arco Design Pro does on a mobile device.
 */
export const NARROW_MAX_WIDTH = 767;
export const NARROW_QUERY = `(max-width: ${NARROW_MAX_WIDTH}px)`;

function narrowQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(NARROW_QUERY)
    : null;
}

function subscribe(onChange: () => void): () => void {
  const query = narrowQuery();
  if (!query) return () => undefined;
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function isNarrow(): boolean {
  return narrowQuery()?.matches ?? false;
}

/** Whether the screen is narrow (below 768 px); follows a resize or a rotation. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}
