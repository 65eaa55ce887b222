// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemEndpoints, type SystemStatus } from '@khela/contracts';
import { useHelpCenter } from '../features/help/api/get-help-center.ts';
import { bannersOf, NOTICE_QUERY, useNotices, type Banner, type Notice } from '../features/notices/api/get-notices.ts';
import { useSystemStatus } from '../features/system/api/get-status.ts';
import { DEMO_MERCHANT } from '../features/system/testing.ts';
import { setApiLanguage } from '../lib/api-client.ts';
import { initI18n } from '../lib/i18n.ts';
import { endpointQueryKey, queryClient } from '../lib/query.ts';
import { createMemoryRouter } from 'react-router';
import { firstPageLoaded, isHomePath, startFirstScreen } from './first-screen.ts';
import firstCallsScript from '../../public/first-calls.js?raw';

const status: SystemStatus = {
  status: 0,
  maintenance: null,
  regionRestriction: false,
  location: { ip: '203.0.113.9', country: 'BD' },
  info: {
    merchant: DEMO_MERCHANT,
    customerService: [],
    domainRoute: [],
    resources: [],
    whitelabel: [],
    register: {},
    mainDomain: 'khela.example',
    analytics: { gtagId: null },
    imageCDNs: [],
    launchGameCDNs: [],
    referralProgramme: false,
  },
};

function banner(overrides: Partial<Banner>): Banner {
  return {
    id: 1,
    groupName: 'w_home',
    title: 'Offer',
    url: '/demo/a.jpg',
    linkage: '',
    linkageType: 'NONE',
    video: false,
    sequence: 1,
    ...overrides,
  };
}

const notice: Notice = {
  banners: {
    w_home: [
      banner({ id: 2, url: '/demo/second.jpg', sequence: 2 }),
      banner({ id: 1, url: '/demo/first.jpg', sequence: 1 }),
    ],
  },
  player: [],
  popup: [],
  promotion: [],
  announcements: [],
};
const articles = [{ tag: 'term', title: 'Terms', content: '<p>…</p>' }];

const answers: Record<string, unknown> = {
  '/wps/system/status': status,
  '/wps/relay/MCSFE_getListAnnouncements': notice,
  '/wps/system/helpCenter': articles,
};
// eslint-disable-next-line @typescript-eslint/no-unused-vars
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const value = answers[new URL(String(input), 'http://localhost').pathname];
  return new Response(JSON.stringify(value === undefined ? { success: false } : { success: true, value }), {
    status: value === undefined ? 404 : 200,
    headers: { 'content-type': 'application/json' },
  });
});

beforeAll(async () => {
  await initI18n('en');
  setApiLanguage('en');
});
beforeEach(() => {
  queryClient.clear();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  localStorage.clear();
  delete window.khelaFirstCalls;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const noticeUrl = '/wps/relay/MCSFE_getListAnnouncements?types=B%2CPL%2CPU%2CPR&platform=W';
/** What index.html does before the bundle: runs public/first-calls.js. */
function runFirstCallsScript() {
  new Function(firstCallsScript)();
}

function calledPaths() {
  return fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname).sort();
}

describe('the first screen (issue 3 item 11)', () => {
  it('knows the §2 home paths', () => {
    for (const path of ['/', '/index', '/index.html', '/home', '/home/']) expect(isHomePath(path)).toBe(true);
    for (const path of ['/promotions', '/homes', '/help']) expect(isHomePath(path)).toBe(false);
  });

  it('fills the cache the components read, so the first render makes no call of its own', async () => {
    await startFirstScreen('/', 'en');
    expect(calledPaths()).toEqual([
      '/wps/relay/MCSFE_getListAnnouncements',
      '/wps/system/helpCenter',
      '/wps/system/status',
    ]);

    function FirstScreen() {
      const merchant = useSystemStatus().data?.info.merchant.name;
      const banners = bannersOf(useNotices().data, 'w_home').length;
      const help = useHelpCenter().data?.length;
      return <p>{`${merchant} ${banners} ${help}`}</p>;
    }
    render(
      <QueryClientProvider client={queryClient}>
        <FirstScreen />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Khela 2 1')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('paints the first home banner by sequence on the boot cover, never a video, on the home page only', async () => {
    const bootBanner = () => document.querySelector<HTMLImageElement>('.boot > img.boot__banner');
    document.body.innerHTML = '<div class="boot"></div>';
    runFirstCallsScript();
    await vi.waitFor(() => expect(bootBanner()?.getAttribute('src')).toBe('/demo/first.jpg'));
    expect(bootBanner()?.getAttribute('fetchpriority')).toBe('high');
    expect(bannersOf(notice, 'w_home')[0]?.url).toBe('/demo/first.jpg');
    bootBanner()!.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(calledPaths()).toContain('/wps/system/status'));
    fetchMock.mockClear();

    document.body.innerHTML = '<div class="boot"></div>';
    answers['/wps/relay/MCSFE_getListAnnouncements'] = { ...notice, banners: { w_home: [banner({ video: true })] } };
    runFirstCallsScript();
    await window.khelaFirstCalls!.calls[noticeUrl];
    // No banner to wait for: the app is asked for at once.
    await vi.waitFor(() => expect(calledPaths()).toContain('/wps/system/status'));
    expect(bootBanner()).toBeNull();
    answers['/wps/relay/MCSFE_getListAnnouncements'] = notice;

    window.history.pushState({}, '', '/promotions');
    runFirstCallsScript();
    await window.khelaFirstCalls!.calls[noticeUrl];
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(bootBanner()).toBeNull();
    window.history.pushState({}, '', '/');
  });

  it('reuses the calls public/first-calls.js started from the HTML', async () => {
    localStorage.setItem('language', 'en');
    runFirstCallsScript();
    // The notices first (the banner on the boot cover comes from them), the rest with the app.
    expect(calledPaths()).toEqual(['/wps/relay/MCSFE_getListAnnouncements']);
    await vi.waitFor(() =>
      expect(calledPaths()).toEqual([
        '/wps/relay/MCSFE_getListAnnouncements',
        '/wps/system/helpCenter',
        '/wps/system/status',
      ]),
    );
    for (const [, init] of fetchMock.mock.calls) expect(init?.headers).toEqual({ Language: 'en' });
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual([
      noticeUrl,
      '/wps/system/status',
      '/wps/system/helpCenter?lang=en&device=WEB',
    ]);

    await startFirstScreen('/', 'en');
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(queryClient.getQueryData(endpointQueryKey(systemEndpoints.status, 'en'))).toEqual(status);
    expect(queryClient.getQueryData(endpointQueryKey(systemEndpoints.notice, 'en', { query: NOTICE_QUERY }))).toEqual(
      notice,
    );
    // Taken once: the next start (a refetch) asks the server again.
    queryClient.clear();
    await startFirstScreen('/', 'en');
    expect(fetchMock).toHaveBeenCalledTimes(6);
  });

  /** The tag of first-calls.js as the build writes it (vite.config.ts). */
  function firstCallsTag() {
    const script = document.createElement('script');
    Object.assign(script.dataset, {
      scripts: 'assets/runtime-1.js assets/framework-1.js assets/index-1.js',
      styles: 'assets/framework-1.css assets/index-1.css',
      font: 'assets/bengali-1.woff2',
      bn: 'assets/bn-1.js',
      en: 'assets/en-1.js',
      home: 'assets/home-1.js assets/home-1.css',
    });
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);
  }
  const requested = () =>
    Array.from(document.head.querySelectorAll('link, script'), (element) =>
      element instanceof HTMLScriptElement
        ? `script ${element.type} ${element.getAttribute('src')}`
        : `${(element as HTMLLinkElement).rel} ${element.getAttribute('href')}`,
    );

  it("starts the app from the build's list: its files and the language's, one request a task, the scripts once the style sheets are in", async () => {
    firstCallsTag();
    localStorage.setItem('language', 'en');
    window.history.pushState({}, '', '/promotions');
    runFirstCallsScript();
    // Issue 11: not in the task that runs the script, nor all in one task.
    expect(requested()).toEqual([]);
    expect(calledPaths()).toEqual(['/wps/relay/MCSFE_getListAnnouncements']);
    await new Promise((resolve) => setTimeout(resolve));
    expect(calledPaths()).toEqual(['/wps/relay/MCSFE_getListAnnouncements', '/wps/system/status']);
    expect(requested()).toEqual([]);
    await vi.waitFor(() => expect(requested()).toHaveLength(7));
    expect(requested()).toEqual([
      'stylesheet /assets/framework-1.css',
      'stylesheet /assets/index-1.css',
      'modulepreload /assets/runtime-1.js',
      'modulepreload /assets/framework-1.js',
      'modulepreload /assets/index-1.js',
      'preload /assets/bengali-1.woff2',
      'modulepreload /assets/en-1.js',
    ]);
    expect(document.head.querySelector('link[href$=".woff2"]')?.getAttribute('as')).toBe('font');
    // In the CORS mode of the build's own loader (a stylesheet link with crossorigin), or fetched twice.
    for (const link of document.head.querySelectorAll('link')) expect(link.getAttribute('crossorigin')).toBe('');
    expect(calledPaths()).toEqual([
      '/wps/relay/MCSFE_getListAnnouncements',
      '/wps/system/helpCenter',
      '/wps/system/status',
    ]);

    const sheets = document.head.querySelectorAll('link[rel="stylesheet"]');
    sheets[0]!.dispatchEvent(new Event('load'));
    expect(requested().filter((r) => r.startsWith('script'))).toEqual([]);
    sheets[1]!.dispatchEvent(new Event('error'));
    expect(requested().filter((r) => r.startsWith('script'))).toEqual([
      'script module /assets/runtime-1.js',
      'script module /assets/framework-1.js',
      'script module /assets/index-1.js',
    ]);
    window.history.pushState({}, '', '/');
    vi.restoreAllMocks();
  });

  it("on a phone's home page asks for the app once the first banner is painted, with the home page's chunks", async () => {
    firstCallsTag();
    document.body.innerHTML = '<div class="boot"></div>';
    runFirstCallsScript();
    const image = await vi.waitFor(() => {
      const banner = document.querySelector<HTMLImageElement>('.boot__banner');
      if (!banner) throw new Error('no banner on the boot cover yet');
      return banner;
    });
    expect(requested()).toEqual([]);
    expect(calledPaths()).toEqual(['/wps/relay/MCSFE_getListAnnouncements']);

    image.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(requested()).toContain('preload /assets/home-1.css'));
    expect(requested()).toEqual([
      'stylesheet /assets/framework-1.css',
      'stylesheet /assets/index-1.css',
      'modulepreload /assets/runtime-1.js',
      'modulepreload /assets/framework-1.js',
      'modulepreload /assets/index-1.js',
      'preload /assets/bengali-1.woff2',
      'modulepreload /assets/bn-1.js',
      'modulepreload /assets/home-1.js',
      'preload /assets/home-1.css',
    ]);
    expect(calledPaths()).toContain('/wps/system/status');
    vi.restoreAllMocks();
  });

  it('puts the stored light theme on the boot cover before the bundle runs', async () => {
    localStorage.setItem('theme', 'light');
    runFirstCallsScript();
    expect(document.documentElement.dataset.theme).toBe('light');

    delete document.documentElement.dataset.theme;
    localStorage.setItem('theme', 'dark');
    runFirstCallsScript();
    // Dark is the cover's own look: nothing to change.
    expect(document.documentElement.dataset.theme).toBeUndefined();
    // Both runs' later calls made here, not in the next test.
    await vi.waitFor(() => expect(calledPaths().filter((path) => path === '/wps/system/helpCenter')).toHaveLength(2));
  });

  it("has a worker pay ICU's first use, and carries on without workers (issue 11)", async () => {
    const worker = vi.fn(function () {});
    vi.stubGlobal('Worker', worker);
    runFirstCallsScript();
    expect(worker).toHaveBeenCalledOnce();
    expect(worker).toHaveBeenCalledWith('/warm-intl.js');

    vi.stubGlobal('Worker', undefined);
    runFirstCallsScript();
    await vi.waitFor(() => expect(calledPaths().filter((path) => path === '/wps/system/helpCenter')).toHaveLength(2));
  });

  it('asks again when the early calls were in another language or did not succeed', async () => {
    runFirstCallsScript(); // no stored language: bn
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    await startFirstScreen('/', 'en');
    expect(fetchMock).toHaveBeenCalledTimes(6);
    expect(queryClient.getQueryData(endpointQueryKey(systemEndpoints.status, 'en'))).toEqual(status);

    fetchMock.mockClear();
    queryClient.clear();
    localStorage.setItem('language', 'en');
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ success: false, code: 'x' }), { status: 500 }));
    runFirstCallsScript();
    await startFirstScreen('/', 'en');
    expect(calledPaths().filter((path) => path === '/wps/system/status')).toHaveLength(2);
    expect(queryClient.getQueryData(endpointQueryKey(systemEndpoints.status, 'en'))).toEqual(status);
  });

  it('never fails: a call that failed is made again by its component', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    await expect(startFirstScreen('/', 'en')).resolves.toBeDefined();
    expect(queryClient.getQueryState(endpointQueryKey(systemEndpoints.status, 'en'))?.status).toBe('error');
  });

  it('waits for the first page chunk before the first render, and no longer than it was told', async () => {
    let loadPage: (module: { Component: () => null }) => void = () => {};
    const router = createMemoryRouter([
      { path: '/', lazy: () => new Promise<{ Component: () => null }>((resolve) => (loadPage = resolve)) },
    ]);
    let loaded = false;
    const waiting = firstPageLoaded(router).then(() => (loaded = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loaded).toBe(false);
    loadPage({ Component: () => null });
    await waiting;
    expect(router.state.initialized).toBe(true);

    const stuck = createMemoryRouter([{ path: '/', lazy: () => new Promise<never>(() => {}) }]);
    const started = Date.now();
    await firstPageLoaded(stuck, 50);
    expect(stuck.state.initialized).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });
});
