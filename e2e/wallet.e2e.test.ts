import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { approveDeposit, rejectWithdrawal } from './admin-api.ts';
import { screenshot } from './browser.ts';
import { logIn, browserWithoutCaptcha, visit } from './member.ts';
import { seriousViolations } from './axe.ts';

/**
 * Issue 5 in Chromium: player01 (10,000.00 BDT from the demo seed) sees the balance in the
 * header; deposits by bank transfer with a receipt image; an operator approves it and the header
 * balance follows over server-sent events with a notice; pays a gateway deposit on the sandbox
 * payment page; binds a payee account, sets a payment
 * password and requests a withdrawal (the amount is held); the operator rejects it and the hold
 * comes back; the account record lists the movements.
 */
const browser = browserWithoutCaptcha();

const run = Date.now().toString(36).slice(-6).toUpperCase();
/** A 1×1 PNG: the receipt image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const balance = (page: Page) => page.getByTestId('header-balance');

async function expectBalance(page: Page, amount: string) {
  await page.waitForFunction(
    (text) => document.querySelector('[data-testid="header-balance"]')?.textContent?.includes(text),
    amount,
    { timeout: 20_000 },
  );
}

/** Opens a member-centre page and waits until its event stream is connected. */
async function openMemberPage(page: Page, name: string) {
  const stream = page.waitForResponse((r) => r.url().endsWith('/wps/member/events') && r.status() === 200, {
    timeout: 20_000,
  });
  await page.goto(`/member?page=${name}`);
  await page.locator('main#main').waitFor();
  await stream;
}

describe('wallet and cashier (issue 5)', () => {
  it('deposits, withdraws and sees the balance follow in the header', async () => {
    const { page, context, errors } = await visit(browser(), { theme: 'dark' });
    await page.goto('/');
    await page.locator('main#main').waitFor();
    const login = await logIn(page, 'player01', 'Player@123');
    await login.waitFor({ state: 'detached' });
    await expectBalance(page, '10,000.00');

    // §2 show/hide, remembered.
    await page.getByRole('button', { name: 'Hide balance' }).click();
    await expect.poll(() => balance(page).textContent()).toContain('***');
    await page.getByRole('button', { name: 'Hide balance' }).click();
    await expectBalance(page, '10,000.00');

    // Deposit by bank transfer with a receipt image, confirmed before it is sent.
    await openMemberPage(page, 'depositv2');
    const deposit = page.locator('form', { has: page.getByRole('heading', { name: 'Make a deposit' }) });
    await deposit.getByLabel('Bank transfer').check();
    await deposit.getByLabel(/^Amount/).fill('1500');
    await deposit.getByLabel(/^Reference number/).fill(`E2E-${run}`);
    await deposit.getByLabel('Receipt images (optional)').setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await deposit.getByRole('img', { name: 'Preview of receipt.png' }).waitFor();
    await deposit.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Confirm the deposit' }).waitFor();
    await screenshot(page, 'wallet-deposit-confirm-1280');
    await page.getByRole('button', { name: 'Submit deposit' }).click();
    await page.getByText(/Your deposit of 1,500.00 BDT was received/).waitFor();
    const item = page.getByTestId('deposit-item').filter({ hasText: `E2E-${run}` });
    await item.getByText('Pending').waitFor();

    // The operator approves: the balance and a notice arrive over the event stream.
    await approveDeposit(`E2E-${run}`);
    await expectBalance(page, '11,500.00');
    await page.getByRole('status').getByText('Deposit approved').waitFor({ timeout: 20_000 });
    await item.getByText('Approved').waitFor({ timeout: 20_000 });
    await screenshot(page, 'wallet-deposit-approved-1280');

    // The gateway channel opens the sandbox payment page; paying there credits the wallet.
    await deposit.getByLabel('Online payment').check();
    await deposit.getByLabel(/^Amount/).fill('200');
    await deposit.getByRole('button', { name: 'Continue' }).click();
    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Submit deposit' }).click();
    const gateway = await popup;
    await gateway.waitForURL(/\/sandbox-gateway\/pay\?order=/);
    await gateway.waitForLoadState();
    // A server page: the service worker must not answer it with the app shell (SERVER_PATHS).
    expect(await gateway.title(), 'the sandbox gateway page, not the app shell').toBe('Sandbox gateway');
    await gateway.getByRole('button', { name: /Pay$/ }).click();
    await gateway.getByText(/Payment done/).waitFor();
    await gateway.close();
    await expectBalance(page, '11,700.00');

    // Withdraw: bind an account, set the payment password, request, then the operator rejects.
    await openMemberPage(page, 'withdraw');
    const bind = page.locator('form', { has: page.getByRole('heading', { name: 'Bind an account' }) });
    await bind.getByLabel(/^Bank\*?$/).fill('Sonali Bank');
    await bind.getByLabel(/^Account number/).fill('1234567890');
    const holder = bind.getByLabel(/^Account holder name/);
    if (await holder.isEditable()) await holder.fill('Player One');
    await bind.getByRole('button', { name: 'Bind account' }).click();
    await page.getByText('•••• 7890').first().waitFor();

    const password = page.locator('form', { has: page.getByLabel(/^New payment password/) });
    if (await page.getByRole('heading', { name: 'Set a payment password' }).count()) {
      await password.getByLabel(/^New payment password/).fill('135790');
      await password.getByLabel(/^Repeat the new payment password/).fill('135790');
      await password.getByRole('button', { name: 'Save payment password' }).click();
      await page.getByText('The payment password is saved.').waitFor();
    }

    const withdraw = page.locator('form', { has: page.getByRole('heading', { name: 'Withdraw', exact: true }) });
    await withdraw.getByLabel(/^Amount/).fill('1000');
    await withdraw.getByLabel(/^Payment password/).fill('135790');
    await withdraw.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Confirm the withdrawal' }).waitFor();
    await page.getByRole('button', { name: 'Request withdrawal' }).click();
    await page.getByText(/Your withdrawal of 1,000.00 BDT is requested/).waitFor();
    await expectBalance(page, '10,700.00');
    await page.getByTestId('withdrawal-item').first().getByText('Pending').waitFor();
    await screenshot(page, 'wallet-withdraw-requested-1280');

    await rejectWithdrawal('player01', '1000.00', 'E2E: account details to be checked');
    await expectBalance(page, '11,700.00');
    await page.getByRole('status').getByText('Withdrawal rejected').waitFor({ timeout: 20_000 });
    await page.getByTestId('withdrawal-item').first().getByText('Rejected').waitFor({ timeout: 20_000 });

    // The account record lists the movements, newest first.
    await openMemberPage(page, 'transactionHistory');
    const record = page.getByRole('region', { name: 'Account record' });
    await record.getByText('Withdrawal returned').first().waitFor();
    await expect.poll(() => record.getByText('Withdrawal requested').count()).toBeGreaterThan(0);
    await expect.poll(() => record.getByText('+1,500.00').count()).toBeGreaterThan(0);
    await expect.poll(() => record.getByText('+200.00').count()).toBeGreaterThan(0);
    await expect.poll(() => record.getByText('-1,000.00').count()).toBeGreaterThan(0);
    await screenshot(page, 'wallet-transaction-history-1280');

    // The inbox holds the notifications; the badge counts them until read.
    await openMemberPage(page, 'messageV2');
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByText('Unread: 0').waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 360 px phone in Bengali, with the balance in the header, and passes axe-core', async () => {
    const { page, context, errors } = await visit(browser(), {
      language: 'bn',
      theme: 'light',
      width: 360,
      height: 780,
    });
    await page.goto('/');
    await page.locator('main#main').waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'লগ ইন', exact: true }).click();
    const login = page.getByRole('dialog').first();
    await login.locator('input[autocomplete=username]').fill('player01');
    await login.locator('input[autocomplete=current-password]').fill('Player@123');
    await login.locator('input[autocomplete=current-password]').press('Enter');
    await login.waitFor({ state: 'detached' });
    await balance(page)
      .getByText(/\d,\d{3}\.\d{2}/)
      .waitFor();
    for (const name of ['depositv2', 'withdraw', 'transactionHistory', 'transferFund', 'personalProfit', 'messageV2']) {
      await openMemberPage(page, name);
      await page.locator('.cashier-page').waitFor();
      // The event stream keeps the network busy: wait for the page's own content instead.
      await expect.poll(() => page.locator('.money-loading').count()).toBe(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, name).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), name).toEqual([]);
      await screenshot(page, `wallet-${name}-bn-light-360`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
