import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { adminSession } from './admin-api.ts';
import { screenshot } from './browser.ts';
import { browserWithoutCaptcha, logIn, visit } from './member.ts';

/**
 * Issue 12 in Chromium: a member opens the slot from /rng?vassalage=INHOUSE, spins, and sees the
 * balance and the rounds lists follow; after rotating the seed pair, the round's verify link
 * recomputes it in the browser and finds the same outcome. player02 plays; afterAll puts its
 * balance back where the other suites expect it (an operator adjustment).
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
    requestId: `e2e-originals-${Date.now()}`,
    memberId: member.id,
    direction: difference > 0 ? 'debit' : 'credit',
    amount: (Math.abs(difference) / 100).toFixed(2),
    reason: 'e2e: the originals suite puts the balance back',
  });
});

describe('our own games in the browser', () => {
  it('spins the slot from the INHOUSE lane; the balance and the rounds follow; the round verifies', async () => {
    const { page, context, errors } = await visit(browser());
    await page.goto('/rng?vassalage=INHOUSE');
    const login = await logIn(page, PLAYER.username, PLAYER.password);
    await login.waitFor({ state: 'detached' });
    // The header shows the balance once its call has answered.
    await expect
      .poll(async () => amountIn(await headerBalance(page).textContent()), { timeout: 15_000 })
      .toBeGreaterThan(0);
    const before = amountIn(await headerBalance(page).textContent());
    startBalance = before;

    await page.getByText('Sonar Bangla Slot', { exact: true }).first().click();
    await page.waitForURL(/\/originals\/slot/);
    await page.getByRole('heading', { name: 'Sonar Bangla Slot', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Spin', exact: true }).click();
    const result = page.locator('.originals__result-line');
    await expect.poll(async () => (await result.textContent()) ?? '', { timeout: 15_000 }).toMatch(/won|No win/);
    const won = Number(/won ৳?\s*([\d,.]+)/.exec((await result.textContent()) ?? '')?.[1]?.replace(/,/g, '') ?? '0');
    await expect
      .poll(async () => amountIn(await headerBalance(page).textContent()), { timeout: 15_000 })
      .toBeCloseTo(before - 1 + won, 2);
    endBalance = amountIn(await headerBalance(page).textContent());
    await screenshot(page, 'originals-slot-1280');

    // The round is in the game's last rounds and in My rounds.
    const recent = page.locator('.originals__round-link').first();
    await recent.waitFor();
    await page.goto('/originals/rounds');
    await page.getByRole('table').getByText('Sonar Bangla Slot').first().waitFor();

    // Rotate the pair: the server seed is revealed, and the round's verify link recomputes it.
    await page.goto('/originals/fairness');
    await page.getByRole('button', { name: 'Rotate seed pair' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Rotate', exact: true }).click();
    await page.getByRole('heading', { name: 'Previous pair (revealed)' }).waitFor();
    await page.getByText('Server seed', { exact: true }).waitFor();

    await page.goto('/originals/rounds');
    await page.getByRole('table').getByRole('link').first().click();
    await page.getByRole('link', { name: 'Verify this round' }).click();
    await page.waitForURL(/\/originals\/verify\?/);
    await expect
      .poll(async () => (await page.getByTestId('verify-verdict').textContent()) ?? '', { timeout: 15_000 })
      .toBe('Verified: this is the outcome the round shows.');
    await screenshot(page, 'originals-verify-1280');
    expect(errors).toEqual([]);
    await context.close();
  });
});
