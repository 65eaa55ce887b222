import { systemEndpoints } from '@khela/contracts';
import { bannersOf, NOTICE_QUERY, type Notice } from '../features/notices/api/get-notices.ts';
import { endpointQueryKey, prefetchEndpoint, queryClient } from '../lib/query.ts';
import { isLanguage } from '../lib/i18n.ts';
import type { createRouter } from './router.tsx';

/** The §2 paths of the home page (app/router.tsx). */
const HOME_PATHS = new Set(['/', '/index', '/index.html', '/home']);

/** How long the first render waits for its page chunk before showing the loading cover instead. */
export const FIRST_PAGE_WAIT_MS = 10_000;

export function isHomePath(pathname: string): boolean {
  return HOME_PATHS.has(pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);
}

/**
 * Issue 3 item 11: the calls the first screen needs, started together at start-up instead of
 * one after another (messages → status → page chunk → notices → banner image): the status
 * (§4: nothing renders before it), the notices (banners, marquee, §4 popups: every page) and
 * the help articles (the footer of every page).
 *
 * Resolves when the first render can show the page whole: the status and help articles
 * everywhere, and on the home page the notices too, so the banners are in the first frame
 * rather than pushing the page down when they arrive. Never rejects: a failed call is made
 * again by the component that needs it, with its own error screen.
 */
export function startFirstScreen(pathname: string, language: string): Promise<unknown> {
  const status = prefetchEndpoint(systemEndpoints.status, language);
  const notices = prefetchEndpoint(systemEndpoints.notice, language, { query: NOTICE_QUERY });
  const help = prefetchEndpoint(systemEndpoints.helpCenter, language, {
    query: { lang: isLanguage(language) ? language : undefined, device: 'WEB' },
  });
  if (!isHomePath(pathname)) return Promise.all([status, help]);
  const banner = notices.then(() => {
    const notice = queryClient.getQueryData<Notice>(
      endpointQueryKey(systemEndpoints.notice, language, { query: NOTICE_QUERY }),
    );
    preloadImage(firstHomeBanner(notice));
  });
  return Promise.all([status, notices, help, banner]);
}

/** The image of the first home banner (§2 w_home), the largest paint of the home page. */
export function firstHomeBanner(notice: Notice | undefined): string | undefined {
  const first = bannersOf(notice, 'w_home')[0];
  return first && !first.video ? first.url : undefined;
}

/** Starts an image download now, at high priority, for an <img> that the first render will make. */
function preloadImage(url: string | undefined) {
  if (!url) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.setAttribute('fetchpriority', 'high');
  link.href = url;
  document.head.append(link);
}

/**
 * Resolves once the router has loaded the first page's chunk (its routes are lazy), so the
 * first render shows the page rather than a loading cover replaced a moment later by a second,
 * blocking render of the whole site. Gives up waiting after `ms`.
 */
export function firstPageLoaded(router: ReturnType<typeof createRouter>, ms = FIRST_PAGE_WAIT_MS): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const timer = setTimeout(done, ms);
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) done();
    });
    function done() {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
  });
}
