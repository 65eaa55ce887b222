import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

/**
 * One MediaQueryList for the page, made on first use: `matchMedia()` evaluates its query
 * against freshly computed styles, and React reads the snapshot again right after the first
 * commit, when that means styling the whole new page in the middle of a task (issue 3 item 11).
 */
let media: MediaQueryList | null | undefined;
function reducedMotionQuery(): MediaQueryList | null {
  if (media === undefined) media = typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(QUERY) : null;
  return media;
}

function subscribe(onChange: () => void) {
  const query = reducedMotionQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** True when the user asked the system for less motion (autoplay and marquee then stop). */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => reducedMotionQuery()?.matches ?? false,
    () => false,
  );
}
