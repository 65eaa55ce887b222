import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession } from './admin-api.ts';
import { launchBrowser, openPage, screenshot } from './browser.ts';
import { seriousViolations } from './axe.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A visitor who already closed the on-load popups (§4 per-session flag), so nothing covers the page. */
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

describe('the home page (issue 3)', () => {
  for (const [language, login] of [
    ['bn', 'লগ ইন'],
    ['en', 'Log in'],
  ] as const) {
    for (const width of [1280, 360]) {
      it(`renders in ${language} at ${width} px with no console errors`, async () => {
        const { page, context, errors } = await visit({ language, width });
        await page.goto('/');
        await ready(page);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        await expect.poll(() => page.getByRole('button', { name: login, exact: true }).first().isVisible()).toBe(true);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await screenshot(page, `home-${language}-${width}`);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }

  it('switches theme and remembers it across a reload', async () => {
    const { page, context } = await visit({ language: 'en', theme: 'dark' });
    await page.goto('/');
    await ready(page);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).first().click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await page.reload();
    await ready(page);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await screenshot(page, 'home-en-light');
    await context.close();
  });

  for (const theme of ['dark', 'light'] as const) {
    it(`has no serious or critical accessibility violation in the ${theme} theme (axe-core)`, async () => {
      const { page, context } = await visit({ language: 'bn', theme });
      await page.goto('/');
      await ready(page);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }
});

describe('hot matches on the home page (issue 15 item 3)', () => {
  it('shows the live and next matches under the game lanes, and a tap opens the event', async () => {
    const { page, context, errors } = await visit({ language: 'en', width: 360 });
    await page.goto('/');
    await page.locator('main#main').waitFor();
    // The lane is its own chunk, loaded once the game sections come near: scroll down to it.
    const cards = page.getByRole('region', { name: 'Hot matches' }).getByRole('listitem');
    for (let i = 0; i < 30 && (await cards.count()) === 0; i++) await page.mouse.wheel(0, 1200);
    const first = cards.first().getByRole('link');
    await first.waitFor();
    expect(await first.textContent()).toMatch(/^.+Live/); // the demo's hot matches: live ones first
    const eventId = await first.getAttribute('data-event');
    const [home, away] = await first.locator('.hot-match__team').allTextContents();
    await first.scrollIntoViewIfNeeded();
    await screenshot(page, 'home-hot-matches-en-360');
    await first.click();
    await page.waitForURL(`**/sportsbook?event=${eventId}`);
    await page.getByRole('heading', { name: `${home} v ${away}`, level: 2 }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('status pages switched on through /admin (§4)', () => {
  it('shows the maintenance page with its message, then the site again', async () => {
    const admin = await adminSession();
    const window = await admin.call('POST', '/admin/maintenance', {
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      message: { bn: 'সার্ভার উন্নয়নের কাজ চলছে', en: 'Upgrading our servers' },
    });
    try {
      const { page, context } = await visit({ language: 'en' });
      await page.goto('/');
      await page.getByTestId('maintenance-page').waitFor();
      expect(await page.getByTestId('maintenance-page').textContent()).toContain('Upgrading our servers');
      await screenshot(page, 'maintenance-en');
      await context.close();
    } finally {
      await admin.call('DELETE', `/admin/maintenance/${window.id}`);
    }
    const { page, context } = await visit({ language: 'en' });
    await page.goto('/');
    await ready(page);
    expect(await page.getByTestId('maintenance-page').count()).toBe(0);
    await context.close();
  });

  it('shows the region-block page with the visitor IP', async () => {
    const admin = await adminSession();
    const rule = await admin.call('POST', '/admin/region-rules', { kind: 'cidr', value: '127.0.0.1/32' });
    try {
      const { page, context } = await visit({ language: 'bn' });
      await page.goto('/');
      await page.getByTestId('region-block-page').waitFor();
      expect(await page.getByTestId('region-block-page').textContent()).toContain('127.0.0.1');
      await screenshot(page, 'region-block-bn');
      await context.close();
    } finally {
      await admin.call('DELETE', `/admin/region-rules/${rule.id}`);
    }
  });
});

describe('modals (§2)', () => {
  it('/help#faq opens the help centre on that article', async () => {
    const { page, context, errors } = await visit({ language: 'en' });
    await page.goto('/help#faq');
    const dialog = page.getByRole('dialog', { name: 'Help centre' });
    await dialog.waitFor();
    // The article comes from /wps/system/helpCenter (§7), chosen by the hash.
    const article = dialog.getByRole('tabpanel');
    await article.getByRole('heading', { name: 'Frequently asked questions', level: 2 }).waitFor();
    expect(await dialog.getByRole('tab', { selected: true }).textContent()).toBe('Frequently asked questions');
    await screenshot(page, 'help-faq-en');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a help link in the footer opens its article, in Bengali too', async () => {
    const { page, context, errors } = await visit({ language: 'bn' });
    await page.goto('/');
    await ready(page);
    const help = page.getByRole('contentinfo').getByRole('navigation', { name: 'সহায়তা' });
    const link = help.getByRole('link').nth(2); // the articles in their §7 order
    const title = (await link.textContent())!.trim();
    expect(title).not.toBe('');
    await link.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('tabpanel').getByRole('heading', { name: title, level: 3 }).waitFor();
    expect(new URL(page.url()).hash).not.toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends feedback from the footer, and the operator sees it', async () => {
    const admin = await adminSession();
    await admin.call('PUT', '/admin/switches/CAPTCHA3', { enabled: false });
    try {
      const { page, context } = await visit({ language: 'en' });
      await page.goto('/');
      await ready(page);
      await page.getByRole('contentinfo').getByRole('button', { name: 'Feedback' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Question type').selectOption({ label: 'Game' });
      const text = `The fishing game froze after a win, e2e ${Date.now()}`;
      await dialog.getByLabel('Description').fill(text);
      await dialog.getByLabel('Your name').fill('e2e tester');
      await dialog.getByRole('button', { name: 'Send feedback' }).click();
      await dialog.getByText('Thank you!').waitFor();
      const inbox: { content: string; type: number }[] = await admin.call('GET', '/admin/feedback');
      expect(inbox.find((f) => f.content === text)).toMatchObject({ type: 3 });
      await context.close();
    } finally {
      await admin.call('PUT', '/admin/switches/CAPTCHA3', { enabled: true });
    }
  });
});
