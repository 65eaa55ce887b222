import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { approveDeposit } from './admin-api.ts';
import { screenshot } from './browser.ts';
import { browserWithoutCaptcha, registerByUsername, visit } from './member.ts';

/**
 * Issue 14 items 1–2 in Chromium: a new member registers, joins the demo's first-deposit
 * promotion (100 % up to ৳5,000, 5× turnover) on /promotions, deposits 1,000.00 by bank transfer,
 * an operator approves it, and the member finds the 1,000.00 bonus in bonus details and 5,000.00
 * of turnover on the withdraw page; in the reward centre the badge counts down as the daily
 * check-in is claimed.
 */
const browser = browserWithoutCaptcha();
const run = Date.now().toString(36).slice(-7);
const PASSWORD = 'Secret@123';

const card = (page: Page, title: RegExp) =>
  page.locator('article', { has: page.getByRole('heading', { name: title }) });
const rewardBadge = (page: Page) => page.getByRole('navigation', { name: 'Member centre' }).getByTestId('reward-badge');

describe('promotions (issue 14 items 1–2)', () => {
  it('joins the first-deposit promotion, deposits, gets the bonus with its turnover; the badge counts down', async () => {
    const { page, context, errors } = await visit(browser(), { theme: 'dark' });
    page.setDefaultTimeout(20_000);
    await page.goto('/');
    await page.locator('main#main').waitFor();
    await registerByUsername(page, { username: `p${run}`, mobilePrefix: '018', password: PASSWORD });

    // /promotions: the category tabs and the four demo promotions; join the first-deposit one.
    await page.goto('/promotions');
    await page.getByRole('tablist', { name: 'Promotion categories' }).waitFor();
    await page.getByRole('tab', { name: 'Deposit' }).click();
    const first = card(page, /First deposit 100% bonus/);
    await first.getByRole('button', { name: 'Show details' }).click();
    await first.getByText('One bonus per member, device and payment account.').waitFor();
    await first.getByRole('button', { name: 'Join' }).click();
    await first.getByRole('status').getByText('You have joined.', { exact: false }).waitFor();
    await expect.poll(() => first.getByTestId('promotion-status').textContent()).toBe('Joined');
    await screenshot(page, 'promotions-joined-1280');

    // Deposit 1,000.00 by bank transfer; the operator approves it.
    await page.goto('/member?page=depositv2');
    const deposit = page.locator('form', { has: page.getByRole('heading', { name: 'Make a deposit' }) });
    await deposit.getByLabel('Bank transfer').check();
    await deposit.getByLabel(/^Amount/).fill('1000');
    await deposit.getByLabel(/^Reference number/).fill(`PROMO-${run}`);
    await deposit.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Submit deposit' }).click();
    await page.getByText(/Your deposit of 1,000.00 BDT was received/).waitFor();
    await approveDeposit(`PROMO-${run}`);

    // The bonus in bonus details, and its 5× turnover on the withdraw page.
    await expect
      .poll(
        async () => {
          await page.goto('/member?page=bonusDetails');
          await page.locator('main#main').waitFor();
          return page
            .getByRole('cell', { name: 'Promotion bonus' })
            .first()
            .waitFor({ timeout: 5_000 })
            .then(
              () => true,
              () => false,
            );
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await page
      .getByRole('cell', { name: /1,000\.00/ })
      .first()
      .waitFor();
    await screenshot(page, 'promotions-bonus-details-1280');
    await page.goto('/member?page=withdraw');
    await page.getByText('Remaining turnover').waitFor();
    await page
      .getByText(/5,000\.00/)
      .first()
      .waitFor();

    // The reward centre: the badge counts the check-in and the newbie bonus; claiming one counts down.
    await page.goto('/member?page=rewardCenter');
    await rewardBadge(page).waitFor();
    const before = Number(await rewardBadge(page).textContent());
    expect(before).toBeGreaterThanOrEqual(2);
    const checkIn = card(page, /Daily check-in/);
    await checkIn.getByRole('button', { name: 'Check in' }).click();
    await checkIn.getByRole('button', { name: 'Confirm' }).click();
    await checkIn.getByRole('status').getByText('Checked in', { exact: false }).waitFor();
    await expect
      .poll(async () => Number((await rewardBadge(page).textContent()) ?? 0), { timeout: 15_000 })
      .toBe(before - 1);
    await screenshot(page, 'promotions-reward-centre-1280');

    // The activity centre lists both participations.
    await page.goto('/member?page=activityCenter');
    await page.getByRole('cell', { name: 'Issued' }).waitFor();
    await page.getByRole('cell', { name: 'Signed' }).waitFor();

    // At 360 px the tabs scroll and the cards stack.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/promotions');
    await page.getByRole('tablist').waitFor();
    await screenshot(page, 'promotions-360');
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
