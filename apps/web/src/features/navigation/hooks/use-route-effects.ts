import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a #hash target may take to appear (its data may still be loading). */
const HASH_WAIT_MS = 3000;
const HASH_POLL_MS = 100;

function behavior(): ScrollBehavior {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
    ? 'auto'
    : 'smooth';
}

/** The element a hash names: `#promotion-12` → the element with that id, if any. */
export function hashTarget(hash: string): HTMLElement | null {
  const raw = hash.replace(/^#/, '');
  if (!raw) return null;
  let id = raw;
  try {
    id = decodeURIComponent(raw);
  } catch {
    // a malformed escape is looked up as written
  }
  return document.getElementById(id);
}

/**
 * §2 after each navigation: the page scrolls smoothly to the top, or to the `#hash` target when
 * there is one (waiting a little for content that is still loading), and focus moves to the
 * main region so screen readers start on the new page. The first render keeps the browser's
 * own position.
 */
export function useRouteEffects(mainId = 'main') {
  const { pathname, search, hash, key } = useLocation();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const page = `${pathname}${search}`;
    const initial = previous.current === null;
    const pageChanged = !initial && previous.current !== page;
    previous.current = page;
    let timer: ReturnType<typeof setInterval> | undefined;

    // A new page (not just a new hash or state): focus its main region, unless a dialog holds it.
    if (pageChanged && !document.querySelector('[role="dialog"][aria-modal="true"]')) {
      const main = document.getElementById(mainId);
      if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
    }

    if (hash) {
      const scrollToTarget = () => {
        const target = hashTarget(hash);
        target?.scrollIntoView({ behavior: behavior(), block: 'start' });
        return Boolean(target);
      };
      if (!scrollToTarget()) {
        const started = Date.now();
        timer = setInterval(() => {
          if (scrollToTarget() || Date.now() - started > HASH_WAIT_MS) clearInterval(timer);
        }, HASH_POLL_MS);
      }
    } else if (!initial) {
      window.scrollTo({ top: 0, left: 0, behavior: behavior() });
    }
    return () => clearInterval(timer);
  }, [pathname, search, hash, key, mainId]);
}
