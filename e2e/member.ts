import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { adminSession, latestCode } from './admin-api.ts';
import { launchBrowser, openPage } from './browser.ts';

async function setCaptcha(enabled: boolean) {
  const admin = await adminSession();
  await admin.call('PUT', '/admin/switches/CAPTCHA3', { enabled });
}

/**
 * Chromium for the tests of a file, with the captcha switched off while they run (a test cannot
 * read it) and on again afterwards. Call at the top level of the file; the browser is there from
 * beforeAll on.
 */
export function browserWithoutCaptcha(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    await setCaptcha(false);
  });
  afterAll(async () => {
    await setCaptcha(true);
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser starts in beforeAll');
    return browser;
  };
}

/**
 * A fresh browser with the on-load popups already closed, so nothing covers the page; failed
 * calls are added to `errors` by path, for the console errors Chromium logs without naming them.
 */
export async function visit(browser: Browser, options: Parameters<typeof openPage>[1] = {}) {
  const visit = await openPage(browser, { language: 'en', ...options });
  await visit.context.addInitScript(() => {
    if (window !== window.top) return;
    sessionStorage.setItem('popupClosed.visitor', '1');
    sessionStorage.setItem('popupClosed.member', '1');
  });
  visit.page.on('response', (response) => {
    if (response.status() >= 400) visit.errors.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return visit;
}

/** A field by its label text; required fields add a star (hidden from screen readers) to it. */
export const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`);

/** Logs in from the header (English); returns the dialog, which closes once it worked. */
export async function logIn(page: Page, username: string, password: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
  await dialog.getByLabel(label('Password')).fill(password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  return dialog;
}

/** Signs up from the header by username (the SMS code from the outbox); resolves once logged in. */
export async function registerByUsername(
  page: Page,
  { username, mobilePrefix, password }: { username: string; mobilePrefix: string; password: string },
) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign up' });
  await dialog.getByRole('tab', { name: 'Username' }).click();
  const mobile = `${mobilePrefix}${`${Date.now() % 100_000_000}`.padStart(8, '0')}`;
  await dialog.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
  await dialog.getByRole('textbox', { name: 'Mobile number', exact: true }).fill(mobile);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await dialog.getByRole('button', { name: /^Resend in/ }).waitFor();
  await dialog.getByRole('textbox', { name: 'Verification code', exact: true }).fill(await latestCode(mobile));
  await dialog.getByLabel(label('Password')).fill(password);
  await dialog.getByLabel(label('Confirm password')).fill(password);
  await dialog.getByLabel('I have read and agree to the terms and conditions.').check();
  await dialog.getByLabel('I confirm that I am at least 18 years old.').check();
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByTitle(/^Account menu for/).waitFor();
}
