import { envelope, systemEndpoints, type EndpointDef, type ValueOf } from '@khela/contracts';
import { NOTICE_QUERY } from '../features/notices/api/get-notices.ts';
import { call, type CallOptions } from '../lib/api-client.ts';
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
 * the help articles (the footer of every page). These calls, the first home banner (the largest
 * paint, put on the boot cover) and the preloads of the chunks the first render needs are started
 * earlier by public/first-calls.js, which also loads this bundle; their answers are taken from it.
 *
 * Resolves when the first render can show the page whole: the status and help articles
 * everywhere, and on the home page the notices too, so the banners are in the first frame
 * rather than pushing the page down when they arrive. Never rejects: a failed call is made
 * again by the component that needs it, with its own error screen.
 */
export function startFirstScreen(pathname: string, language: string): Promise<unknown> {
  const status = prefetchEarly(systemEndpoints.status, language);
  const notices = prefetchEarly(systemEndpoints.notice, language, { query: NOTICE_QUERY });
  const help = prefetchEarly(systemEndpoints.helpCenter, language, {
    query: { lang: isLanguage(language) ? language : undefined, device: 'WEB' },
  });
  return Promise.all(isHomePath(pathname) ? [status, notices, help] : [status, help]);
}

/** What public/first-calls.js started from the HTML, before this bundle had downloaded. */
interface FirstCalls {
  language: string;
  calls: Record<string, Promise<unknown> | undefined>;
}

declare global {
  interface Window {
    khelaFirstCalls?: FirstCalls;
  }
}

/**
 * A call public/first-calls.js has already started (same URL, same Language header, no token)
 * is taken from there; when it was not started, failed or did not answer a success, the call is
 * made here as usual, so errors come from api-client.ts with its codes and messages.
 */
function prefetchEarly<E extends EndpointDef>(def: E, language: string, options: CallOptions<E> = {}) {
  const search = options.query ? `?${new URLSearchParams(options.query as Record<string, string>)}` : '';
  const url = `${def.path}${search}`;
  const early = window.khelaFirstCalls?.language === language ? window.khelaFirstCalls.calls[url] : undefined;
  if (!early) return prefetchEndpoint(def, language, options);
  // Taken once: a later refetch must ask the server again.
  delete window.khelaFirstCalls!.calls[url];
  return queryClient.prefetchQuery({
    queryKey: endpointQueryKey(def, language, options),
    queryFn: async ({ signal }) => {
      const answer = await early;
      // Checked in a task of its own (issue 11: each main-thread task short): an answer that
      // arrived while the bundle downloaded would otherwise be checked, with the others, in the
      // task that evaluates the bundle.
      await new Promise((resolve) => setTimeout(resolve));
      const parsed = envelope(def.response).safeParse(answer);
      if (parsed.success && parsed.data.success) return parsed.data.value as ValueOf<E>;
      return call(def, { ...options, signal });
    },
    retry: false,
  });
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
