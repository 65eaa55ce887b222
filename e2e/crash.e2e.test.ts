import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { adminSession } from './admin-api.ts';
import { screenshot } from './browser.ts';
import { browserWithoutCaptcha, logIn, visit } from './member.ts';

/**
 * Issue 12, Crash in Chromium: a visitor watches the shared round and is asked to log in to bet;
 * player02 bets with an automatic cash-out at ×1.01, sees the bet in the round's list and its
 * result, and a recent crash point's link verifies in the browser. afterAll puts the balance back.
 */
const browser = browserWithoutCaptcha();
const PLAYER = { username: 'player02', password: 'Player@123' };
const headerBalance = (page: Page) => page.getByTestId('header-balance');
const amountIn = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));
let startBalance: number | undefined;
let endBalance: number | undefined;

afterAll(async () => {
  if (startBalance === undefined || endBalance === undefined || endBalance === startBalance) return;
  const admin = await adminSession();
  const members: { id: number; username: string }[] = await admin.call(
    'GET',
    `/admin/members?username=${PLAYER.username}`,
  );
  const member = members.find((m) => m.username === PLAYER.username)!;
  const difference = Math.round((endBalance - startBalance) * 100);
  await admin.call('POST', '/admin/adjustments', {
    requestId: `e2e-crash-${Date.now()}`,
    memberId: member.id,
    direction: difference > 0 ? 'debit' : 'credit',
    amount: (Math.abs(difference) / 100).toFixed(2),
    reason: 'e2e: the crash suite puts the balance back',
  });
});

describe('crash in the browser', () => {
  it('lets a visitor watch, a member bet with auto cash-out, and a crash point verify', async () => {
    const { page, context, errors } = await visit(browser());
    await page.goto('/originals/crash');
    await page.getByRole('heading', { name: 'Rocket Crash', level: 1 }).waitFor();
    await expect
      .poll(async () => (await page.getByTestId('crash-multiplier').textContent()) ?? '')
      .toMatch(/^×\d+\.\d\d$/);
    await page.getByRole('main').getByRole('button', { name: 'Log in', exact: true }).waitFor();

    const login = await logIn(page, PLAYER.username, PLAYER.password);
    await login.waitFor({ state: 'detached' });
    await expect
      .poll(async () => amountIn(await headerBalance(page).textContent()), { timeout: 15_000 })
      .toBeGreaterThan(0);
    startBalance = amountIn(await headerBalance(page).textContent());

    // Betting opens every round: wait for a window with a few seconds left, then bet.
    const bet = page.getByRole('button', { name: 'Bet', exact: true });
    await page.getByLabel('Auto cash-out (optional)').fill('1.01');
    await expect
      .poll(
        async () =>
          (await bet.isEnabled()) &&
          /in ([3-9]|\d\d+) s/.test((await page.locator('.crash-stage__label').textContent()) ?? ''),
        {
          timeout: 90_000,
          interval: 200,
        },
      )
      .toBe(true);
    await bet.click();
    await page
      .getByRole('table')
      .getByRole('cell', { name: /\*+02$/ })
      .waitFor({ timeout: 15_000 });
    const result = page.locator('.originals__result-line');
    await expect
      .poll(async () => (await result.textContent()) ?? '', { timeout: 90_000 })
      .toMatch(/You cashed out at ×1\.01|before you cashed out/);
    const cashedOut = /cashed out at/.test((await result.textContent()) ?? '');
    await expect
      .poll(async () => amountIn(await headerBalance(page).textContent()), { timeout: 15_000 })
      .toBeCloseTo(startBalance + (cashedOut ? 0.01 : -1), 2);
    endBalance = amountIn(await headerBalance(page).textContent());
    await screenshot(page, 'crash-1280');

    // A recent crash point opens the verify page filled in: the point and the chain link check.
    await page.locator('.crash-recent a').first().click();
    await page.waitForURL(/\/originals\/verify\?/);
    await expect
      .poll(async () => (await page.getByTestId('verify-crash-point').textContent()) ?? '')
      .toMatch(/×\d+\.\d\d/);
    await expect
      .poll(async () => (await page.getByTestId('verify-chain').textContent()) ?? '')
      .toBe('Chain link verified: SHA-256 of this hash is the previous hash.');
    expect(errors).toEqual([]);
    await context.close();
  });
});
