import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage, screenshot } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the site as a visitor first sees it', () => {
  it('boots: the status call succeeds and the home page renders in Bengali', async () => {
    const { page, context, errors } = await openPage(browser);
    const status = page.waitForResponse((r) => r.url().endsWith('/wps/system/status'));
    await page.goto('/');
    const response = await status;
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, value: { status: 0 } });
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('bn');
    await page.locator('main').first().waitFor();
    await screenshot(page, 'smoke-home-bn');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches the language bn → en → bn from the header, and remembers it across a reload', async () => {
    const { page, context, errors } = await openPage(browser);
    // The on-load popups (§4) would cover the header; this visitor has closed them already.
    await context.addInitScript(() => {
      if (window === window.top) sessionStorage.setItem('popupClosed.visitor', '1');
    });
    await page.goto('/');
    const lang = () => page.evaluate(() => document.documentElement.lang);
    await expect.poll(lang).toBe('bn');

    await page.getByRole('banner').getByRole('combobox', { name: 'ভাষা' }).selectOption('en');
    await expect.poll(lang).toBe('en');
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).waitFor();
    await screenshot(page, 'smoke-home-en');

    await page.reload();
    await expect.poll(lang).toBe('en');
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('bn');
    await expect.poll(lang).toBe('bn');
    await page.getByRole('banner').getByRole('combobox', { name: 'ভাষা' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('serves the API documentation', async () => {
    const json = await fetch(`${baseUrl()}/api-docs/json`).then((r) => r.json());
    expect(json.openapi).toBe('3.0.3');
    expect(Object.keys(json.paths)).toContain('/wps/system/status');
    const page = await fetch(`${baseUrl()}/api-docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/wps/system/status');
  });

  it('answers health and metrics', async () => {
    expect(await fetch(`${baseUrl()}/healthz`).then((r) => r.json())).toEqual({ status: 'ok' });
    expect(await fetch(`${baseUrl()}/readyz`).then((r) => r.json())).toEqual({ status: 'ready' });
    expect(await fetch(`${baseUrl()}/metrics`).then((r) => r.text())).toContain('http_request_duration_seconds');
  });
});
