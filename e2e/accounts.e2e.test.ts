import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { latestCode, resetMemberPassword } from './admin-api.ts';
import { screenshot } from './browser.ts';
import { label, logIn, browserWithoutCaptcha, visit } from './member.ts';

/**
 * Issue 4 in Chromium: sign-up by username and by mobile (the SMS code read from the dev
 * outbox), log out, log in, the forced password change after an operator reset, a trial account
 * refused a game launch, and self-exclusion blocking the next log-in. The captcha is switched off
 * for the run (a test cannot read it); everything else is the demo merchant as shipped.
 */
const browser = browserWithoutCaptcha();
const run = Date.now().toString(36).slice(-7);
const unique = () => `${Date.now() % 100_000_000}`.padStart(8, '0');
const PASSWORD = 'Secret@123';
const users = { byName: `u${run}`, byMobile: '' };

async function ready(page: Page) {
  await page.locator('main#main').waitFor();
  await page.waitForLoadState('networkidle');
}

const accountMenu = (page: Page) => page.getByTitle(/^Account menu for/);

/**
 * §4 logout clears session storage (merchant keys kept), so the visitor's on-load popups come
 * back: close them before using the page.
 */
async function closePopups(page: Page) {
  await page.waitForLoadState('networkidle');
  const popup = page.getByRole('dialog');
  // The popups open once the previous dialog has gone: give them a moment to appear.
  await popup
    .first()
    .waitFor({ timeout: 3000 })
    .catch(() => undefined);
  while (await popup.count()) {
    await popup.first().getByRole('button', { name: 'Close' }).first().click();
    await page.waitForLoadState('networkidle');
  }
}

async function fillCodeFromOutbox(page: Page, dialog: ReturnType<Page['getByRole']>, mobile: string) {
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await dialog.getByRole('button', { name: /^Resend in/ }).waitFor();
  await dialog.getByRole('textbox', { name: 'Verification code', exact: true }).fill(await latestCode(mobile));
}

async function agreeAndCreate(dialog: ReturnType<Page['getByRole']>) {
  await dialog.getByLabel('I have read and agree to the terms and conditions.').check();
  await dialog.getByLabel('I confirm that I am at least 18 years old.').check();
  await dialog.getByRole('button', { name: 'Create account' }).click();
}

describe('accounts (issue 4)', () => {
  it('registers by username (with the SMS code from the outbox) and is logged in', async () => {
    const { page, context, errors } = await visit(browser());
    await page.goto('/');
    await ready(page);
    await page.getByRole('banner').getByRole('button', { name: 'Sign up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign up' });
    // §4: mobile is the default tab when MOBILENUMREG3 is on.
    expect(await dialog.getByRole('tab', { name: 'Mobile number' }).getAttribute('aria-selected')).toBe('true');
    await dialog.getByRole('tab', { name: 'Username' }).click();
    // The rules' own messages, before anything is sent.
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await dialog.getByText('Please tick the box to agree to the terms.').waitFor();
    await dialog.getByRole('textbox', { name: 'Username', exact: true }).fill('1bad');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await dialog.getByText('Use English letters and digits, starting with a letter; 6 to 16 characters.').waitFor();

    const mobile = `017${unique()}`;
    await dialog.getByRole('textbox', { name: 'Username', exact: true }).fill(users.byName);
    await dialog.getByRole('textbox', { name: 'Mobile number', exact: true }).fill(mobile);
    await fillCodeFromOutbox(page, dialog, mobile);
    await dialog.getByLabel(label('Password')).fill(PASSWORD);
    await dialog.getByLabel(label('Confirm password')).fill(PASSWORD);
    await screenshot(page, 'accounts-register-username-1280');
    await agreeAndCreate(dialog);
    await dialog.waitFor({ state: 'detached' });
    await accountMenu(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => sessionStorage.getItem('username'))).toBe(users.byName);
    await screenshot(page, 'accounts-header-member-1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('registers by mobile with the SMS code from the outbox', async () => {
    const { page, context, errors } = await visit(browser(), {
      width: 360,
      height: 780,
      language: 'bn',
      theme: 'dark',
    });
    await page.goto('/register');
    await ready(page);
    const dialog = page.getByRole('dialog', { name: 'সাইন আপ' });
    users.byMobile = `018${unique()}`;
    await dialog.getByRole('textbox', { name: 'মোবাইল নম্বর', exact: true }).fill(users.byMobile);
    await dialog.getByRole('button', { name: 'কোড পাঠান' }).click();
    await dialog.getByRole('button', { name: /সেকেন্ড পরে আবার পাঠান/ }).waitFor();
    await dialog.getByRole('textbox', { name: 'যাচাইকরণ কোড', exact: true }).fill(await latestCode(users.byMobile));
    await dialog.getByLabel(label('পাসওয়ার্ড')).fill(PASSWORD);
    await dialog.getByLabel(label('পাসওয়ার্ড নিশ্চিত করুন')).fill(PASSWORD);
    await dialog.getByLabel('আমি শর্তাবলি পড়েছি এবং এতে সম্মত।').check();
    await dialog.getByLabel('আমি নিশ্চিত করছি যে আমার বয়স অন্তত ১৮ বছর।').check();
    await screenshot(page, 'accounts-register-mobile-bn-dark-360');
    await dialog.getByRole('button', { name: 'অ্যাকাউন্ট খুলুন' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTitle(/অ্যাকাউন্ট মেনু$/).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'accounts-header-member-bn-dark-360');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('logs out through the confirm dialog, and logs in again', async () => {
    const { page, context, errors } = await visit(browser(), { theme: 'light' });
    await page.goto('/');
    await ready(page);
    const dialog = await logIn(page, users.byName, PASSWORD);
    await dialog.waitFor({ state: 'detached' });
    await accountMenu(page).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    const confirm = page.getByRole('dialog', { name: 'Sign out' });
    // §4: cancel does nothing.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).not.toBeNull();
    await accountMenu(page).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await screenshot(page, 'accounts-logout-confirm-light-1280');
    await confirm.getByRole('button', { name: 'Sign out' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await closePopups(page);

    // Wrong password: the server's message under the form; then the right one.
    const again = await logIn(page, users.byName, 'Wrong@999');
    await again.getByText('Wrong username or password.').waitFor();
    await again.getByLabel(label('Password')).fill(PASSWORD);
    await again.getByRole('button', { name: 'Log in', exact: true }).click();
    await again.waitFor({ state: 'detached' });
    await accountMenu(page).waitFor();
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await context.close();
  });

  it('forces a password change after an operator reset, and the dialog cannot be dismissed', async () => {
    const temporary = await resetMemberPassword(users.byName);
    const { page, context, errors } = await visit(browser());
    await page.goto('/');
    await ready(page);
    await logIn(page, users.byName, temporary);
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.getByText('For your security, please set a new password before you continue.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Close' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    await screenshot(page, 'accounts-forced-change-1280');
    await dialog.getByLabel(label('Current password')).fill(temporary);
    await dialog.getByLabel(label('New password')).fill('Changed@456');
    await dialog.getByLabel(label('Confirm new password')).fill('Changed@456');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => sessionStorage.getItem('passwordExpired'))).toBeNull();
    await context.close();
    expect(errors).toEqual([]);

    // The new password works.
    const next = await visit(browser());
    await next.page.goto('/');
    await ready(next.page);
    const login = await logIn(next.page, users.byName, 'Changed@456');
    await login.waitFor({ state: 'detached' });
    await accountMenu(next.page).waitFor();
    expect(await next.page.getByRole('dialog').count()).toBe(0);
    await next.context.close();
  });

  it('refuses a trial account a game launch with the in_need_true_account notice', async () => {
    const { page, context, errors } = await visit(browser());
    await page.goto('/');
    await ready(page);
    await page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Log in' })
      .getByRole('button', { name: 'Free play (trial account)' })
      .click();
    await page.getByRole('banner').getByText('Trial account').waitFor();
    await screenshot(page, 'accounts-header-trial-1280');
    await page.goto('/lottery?gameCode=LOTTO1');
    const notice = page.getByRole('dialog', { name: 'Trial account' });
    await notice
      .getByText(
        'You are using a trial account. Please register a real account to play for real money and use the member centre.',
      )
      .waitFor();
    await notice.getByRole('button', { name: 'Confirm' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(errors.filter((e) => !e.includes('403'))).toEqual([]);
    await context.close();
  });

  it('self-excludes from the security centre, and the next log-in is refused', async () => {
    const { page, context, errors } = await visit(browser());
    await page.goto('/');
    await ready(page);
    const login = await logIn(page, users.byMobile, PASSWORD);
    await login.waitFor({ state: 'detached' });
    await page.goto('/member?page=securityCenter');
    await page.getByRole('heading', { name: 'Player protection' }).waitFor();
    await page.getByText('No break or self-exclusion is in force.').waitFor();
    // §2: the member sees the previous log-in (the sign-up was the first one).
    await page.getByText('Previous log-in', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Self-exclusion' }) });
    await form.getByLabel('6 months').check();
    await form.getByRole('button', { name: 'Continue' }).click();
    await form.getByLabel(label('Password')).fill(PASSWORD);
    await screenshot(page, 'accounts-security-centre-1280');
    await form.getByRole('button', { name: 'Exclude me' }).click();
    const notice = page.getByRole('dialog', { name: 'Self-exclusion is in force' });
    await notice.getByText(/You have been signed out/).waitFor();
    await notice.getByRole('button', { name: 'Confirm' }).click();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await closePopups(page);

    const again = await logIn(page, users.byMobile, PASSWORD);
    await again.getByText(/self-excluded until the date shown/).waitFor();
    await context.close();
  });
});
