import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSession } from './admin-api.ts';
import { screenshot } from './browser.ts';
import { browserWithoutCaptcha, registerByUsername, visit } from './member.ts';

/**
 * Issue 14 items 1, 3 and 7 in Chromium: a new member earns points from a points promotion on
 * /promotions, redeems them for goods in the points mall with the payment password and finds the
 * redemption In process; the member-centre and header badges count down as inbox messages are read.
 */
const browser = browserWithoutCaptcha();
const run = Date.now().toString(36).slice(-7);
const PASSWORD = 'Secret@123';
const PAYMENT_PASSWORD = '135790';
const PROMOTION = `Welcome points ${run}`;

const menuBadge = (page: Page) =>
  page.getByRole('navigation', { name: 'Member centre' }).getByTestId('unread-badge').first();
const badgeCount = async (page: Page, badge: ReturnType<Page['locator']>) =>
  (await badge.count()) ? Number((await badge.textContent()) ?? 0) : 0;

describe('points and inbox (issue 14 items 1, 3, 7)', () => {
  it('earns points from a promotion, redeems goods with the payment password; badges count down as messages are read', async () => {
    const admin = await adminSession();
    await admin.call('POST', '/admin/promotions', {
      category: 'pointsMall',
      title: { bn: `স্বাগত পয়েন্ট ${run}`, en: PROMOTION },
      body: { bn: '', en: '<p>500 points for joining.</p>' },
      imageUrl: null,
      enabled: true,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: null,
      trigger: 'join',
      rewardKind: 'points',
      rewardAmount: null,
      rewardRate: null,
      rewardCap: null,
      rewardUnits: 500,
      minBasis: null,
      turnoverMultiple: 0,
      requiresApproval: false,
      period: 'once',
      newMemberDays: 1,
      minDepositCount: null,
      maxDepositCount: null,
      minVipLevel: null,
      onePerDevice: false,
      onePerPaymentAccount: false,
      sort: -1,
    });

    const { page, context, errors } = await visit(browser(), { theme: 'light' });
    page.setDefaultTimeout(20_000);
    await page.goto('/');
    await page.locator('main#main').waitFor();
    await registerByUsername(page, { username: `q${run}`, mobilePrefix: '019', password: PASSWORD });

    // Earn: join the points promotion and claim its 500 points.
    await page.goto('/promotions');
    const card = page.locator('article', { has: page.getByRole('heading', { name: PROMOTION }) });
    await card.getByText('500 points').first().waitFor();
    await card.getByRole('button', { name: 'Join' }).click();
    await card.getByRole('button', { name: 'Claim' }).click();
    await card.getByRole('button', { name: 'Confirm' }).click();
    await card.getByRole('status').getByText('Received: 500 points').waitFor();
    await expect.poll(() => card.getByTestId('promotion-status').textContent()).toBe('Claimed');
    await screenshot(page, 'points-promotion-claimed-1280');

    // The payment password, set once on the withdraw page.
    await page.goto('/member?page=withdraw');
    const form = page.locator('form', { has: page.getByLabel(/^New payment password/) });
    await form.getByLabel(/^New payment password/).fill(PAYMENT_PASSWORD);
    await form.getByLabel(/^Repeat the new payment password/).fill(PAYMENT_PASSWORD);
    await form.getByRole('button', { name: 'Save payment password' }).click();
    await page.getByText('The payment password is saved.').waitFor();

    // Redeem: a coffee mug (150 points) with the payment password; the history says In process.
    await page.goto('/member?page=pointMall');
    const goods = page.locator('li, article', { has: page.getByText('Coffee mug', { exact: true }) }).last();
    await goods.getByRole('button', { name: 'Redeem' }).click();
    const dialog = page.getByRole('dialog', { name: /Redeem Coffee mug/ });
    await dialog.getByLabel(/^Receiving address/).fill('House 12, Road 5, Dhanmondi, Dhaka');
    await dialog.getByLabel(/^Mobile number/).fill('01712345678');
    await dialog.getByLabel(/^Payment password/).fill(PAYMENT_PASSWORD);
    await dialog.getByRole('button', { name: 'Review' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText(/^Redeemed\. Reference number/).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await page.getByRole('tab', { name: 'Redeem history' }).click();
    await page.getByRole('cell', { name: 'In process' }).first().waitFor();
    await screenshot(page, 'points-redeem-history-1280');

    // Inbox: the header and member-centre badges count down as messages are read.
    await page.goto('/member?page=messageV2');
    const messages = page.getByRole('list', { name: 'Messages' });
    await messages.getByRole('listitem').first().waitFor();
    await menuBadge(page).waitFor();
    const headerBadge = page.locator('.header-balance__badge');
    const unreadBefore = await badgeCount(page, menuBadge(page));
    const headerBefore = await badgeCount(page, headerBadge);
    expect(unreadBefore).toBeGreaterThanOrEqual(1);
    expect(headerBefore).toBeGreaterThanOrEqual(unreadBefore);
    await messages.locator('li[data-unread="true"]').first().getByRole('button').first().click();
    await expect.poll(() => badgeCount(page, menuBadge(page)), { timeout: 15_000 }).toBe(unreadBefore - 1);
    await expect.poll(() => badgeCount(page, headerBadge), { timeout: 15_000 }).toBe(headerBefore - 1);
    if (unreadBefore > 1) {
      await page.getByRole('button', { name: 'Mark all as read' }).click();
      await expect.poll(() => badgeCount(page, menuBadge(page)), { timeout: 15_000 }).toBe(0);
      await expect.poll(() => badgeCount(page, headerBadge), { timeout: 15_000 }).toBe(headerBefore - unreadBefore);
    }
    await screenshot(page, 'points-inbox-read-1280');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
