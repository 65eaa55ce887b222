import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from './browser.ts';
import { adminSession } from './admin-api.ts';
import { seriousViolations } from './axe.ts';

/**
 * Issue 16 item 7: an operator adds a home banner with an uploaded image in the console, the
 * player's home page shows it at once, and deleting it (after a confirmation) takes it away; the
 * audit log has both; axe finds nothing serious on the content and settings sections.
 */
const image = new URL('../apps/web/public/demo/home-cricket.jpg', import.meta.url).pathname;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('operator console: content and settings (issue 16 item 7)', () => {
  it('adds a banner with an uploaded image, sees it on the home page, deletes it after a confirmation', async () => {
    const title = `Console banner ${Date.now() % 1_000_000}`;
    const { page, context, errors } = await openPage(browser, { language: 'en', theme: 'light', width: 1280 });
    await page.goto('/console/content');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('Admin@123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Content', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Banners', level: 2 }).waitFor();
    await page.getByRole('table').waitFor();

    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title (English)').fill(title);
    await dialog.getByLabel('Title (Bengali)').fill('নতুন ব্যানার');
    await dialog.getByLabel(/Upload a png or jpg/).setInputFiles(image);
    const preview = dialog.getByRole('img', { name: 'Preview of Image or link address' });
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await dialog.getByLabel('Image or link address', { exact: true }).inputValue()).toMatch(
      /^\/media\/[0-9a-f]{64}\.jpg$/,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved. Players see the change now.').waitFor();
    await page.getByRole('cell', { name: title, exact: true }).waitFor();

    const player = await context.newPage();
    await player.goto('/');
    const shown = player.getByRole('img', { name: title });
    await shown.first().waitFor({ state: 'attached' });
    expect(await shown.first().getAttribute('src')).toMatch(/^\/media\//);

    await page.getByRole('button', { name: `Delete ${title}` }).click();
    const confirm = page.getByRole('dialog');
    expect(await confirm.textContent()).toContain('players will no longer see it');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Deleted. Players no longer see it.').waitFor();
    await expect.poll(() => page.getByRole('cell', { name: title, exact: true }).count()).toBe(0);
    await player.reload();
    await player.locator('main').waitFor();
    await expect.poll(() => player.getByRole('img', { name: title }).count()).toBe(0);
    const admin = await adminSession();
    const created: { entityId: string; after: unknown }[] = await admin.call(
      'GET',
      '/admin/audit-log?entity=banners&action=create',
    );
    const banner = created.find((entry) => JSON.stringify(entry.after).includes(title))!;
    const history: { action: string }[] = await admin.call(
      'GET',
      `/admin/audit-log?entity=banners&entityId=${banner.entityId}`,
    );
    expect(history.map((entry) => entry.action)).toEqual(['delete', 'create']);

    await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'White-label switches', level: 2 }).waitFor();
    await page.getByRole('table').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
