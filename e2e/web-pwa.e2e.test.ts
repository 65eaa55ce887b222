import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession } from './admin-api.ts';
import { baseUrl, launchBrowser, openPage } from './browser.ts';

/**
 * Issue 3 item 10, the installable site, as the production build serves it: the web app
 * manifest and its icons, and a service worker that keeps the app shell but never an API answer.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A visitor whose on-load popups are closed (§4 per-session flag), so nothing covers the page. */
async function visit(options: Parameters<typeof openPage>[1] = {}) {
  const visit = await openPage(browser, options);
  await visit.context.addInitScript(() => {
    if (window === window.top) sessionStorage.setItem('popupClosed.visitor', '1');
  });
  return visit;
}

async function ready(page: Page) {
  await page.locator('main#main').waitFor();
  await page.waitForLoadState('networkidle');
}

/** Waits until the service worker is active and controls the page (it claims open pages). */
async function controlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 })
    .toBe(true);
}

/** Every URL held in any of the page's caches (precache and runtime). */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
}

describe('the installable site (issue 3 item 10)', () => {
  it('has a web app manifest with the name, colours and 192/512 icons, maskable too', async () => {
    const { page, context, errors } = await visit({ language: 'en' });
    await page.goto('/');
    await ready(page);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await (await fetch(new URL(href!, baseUrl()))).json();
    expect(manifest).toMatchObject({
      name: 'Khela — খেলা',
      short_name: 'Khela',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b1020',
      background_color: '#0b1020',
    });
    const icons: { src: string; sizes: string; type: string; purpose: string }[] = manifest.icons;
    for (const [sizes, purpose] of [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['192x192', 'maskable'],
      ['512x512', 'maskable'],
    ]) {
      const icon = icons.find((i) => i.sizes === sizes && i.purpose === purpose);
      expect(icon, `${purpose} ${sizes}`).toBeDefined();
      const response = await fetch(new URL(icon!.src, baseUrl()));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      // PNG header: width and height at bytes 16–23.
      const png = new DataView(await response.arrayBuffer());
      expect(`${png.getUint32(16)}x${png.getUint32(20)}`).toBe(sizes);
    }
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#0b1020');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('registers a service worker; the next navigations work through it, with no console error', async () => {
    const { page, context, errors } = await visit({ language: 'en' });
    await page.goto('/');
    await ready(page);
    await controlled(page);

    // A client-side route loaded as a document: the worker answers with the app shell.
    const promotions = await page.goto('/promotions');
    expect(promotions?.fromServiceWorker()).toBe(true);
    await ready(page);
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).not.toBe('');
    await page.goto('/');
    await ready(page);
    await page.getByRole('button', { name: 'Log in', exact: true }).first().waitFor();

    // Server paths are never answered with the app shell.
    const api = await page.goto('/wps/system/status');
    expect(api?.fromServiceWorker()).toBe(false);
    expect(await api?.json()).toMatchObject({ success: true });

    const urls = await cachedUrls(page);
    expect(urls).toContain('/index.html');
    expect(urls.some((url) => url.endsWith('.woff2'))).toBe(true);
    expect(urls.filter((url) => /^\/(wps|lgw|admin)\//.test(url))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('never serves a cached status: maintenance switched on shows at the next reload', async () => {
    const { page, context, errors } = await visit({ language: 'en' });
    await page.goto('/');
    await ready(page);
    await controlled(page);
    await page.reload();
    await ready(page);

    const admin = await adminSession();
    const window = await admin.call('POST', '/admin/maintenance', {
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      message: { bn: 'রক্ষণাবেক্ষণ চলছে', en: 'Maintenance behind a service worker' },
    });
    try {
      const reload = await page.reload();
      expect(reload?.fromServiceWorker()).toBe(true);
      await page.getByTestId('maintenance-page').waitFor();
      expect(await page.getByTestId('maintenance-page').textContent()).toContain('Maintenance behind a service worker');
    } finally {
      await admin.call('DELETE', `/admin/maintenance/${window.id}`);
    }
    await page.reload();
    await ready(page);
    expect(await page.getByTestId('maintenance-page').count()).toBe(0);
    expect(await cachedUrls(page).then((urls) => urls.filter((url) => url.startsWith('/wps/')))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens from the cached shell while offline (the browser shows the site, not its offline page)', async () => {
    const { page, context } = await visit({ language: 'en' });
    await page.goto('/');
    await ready(page);
    await controlled(page);
    await context.setOffline(true);
    const offline = await page.reload();
    expect(offline?.fromServiceWorker()).toBe(true);
    expect(await page.title()).toBe('Khela');
    // The shell's scripts come from the cache too: the app renders (it cannot reach the API).
    await expect.poll(() => page.locator('#root > :not(.boot)').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await context.setOffline(false);
    await context.close();
  });
});
