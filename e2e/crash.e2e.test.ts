import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { adminSession } from './admin-api.ts';
import { screenshot } from './browser.ts';
import { browserWithoutCaptcha, logIn, visit } from './member.ts';

/**
 * Issue 12, Crash in Chromium with two browsers: a visitor watches the shared round and is asked to
 * log in; then player01 and player02 bet in the same round, player02 cashes out by hand while
 * player01 rides it to the crash; both see the other's bet, and each balance moves by exactly what
 * the round paid. A recent crash point's link verifies in the browser. afterAll puts both balances
 * back, whatever happened.
 */
const browser = browserWithoutCaptcha();
const PASSWORD = 'Player@123';
const headerBalance = (page: Page) => page.getByTestId('header-balance');
const amountIn = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));
/** Each player's page and balance before the round, to put the balance back after. */
const players = new Map<string, { page: Page; start: number }>();

/** The header's balance once shown (a plain loop: afterAll cannot use expect.poll). */
async function balanceOf(page: Page): Promise<number> {
  for (const end = Date.now() + 15_000; Date.now() < end; await page.waitForTimeout(100)) {
    const balance = amountIn(await headerBalance(page).textContent());
    if (balance > 0) return balance;
  }
  throw new Error('the header shows no balance');
}

afterAll(async () => {
  const admin = await adminSession();
  for (const [username, { page, start }] of players) {
    await page.reload();
    const difference = Math.round(((await balanceOf(page)) - start) * 100);
    if (difference === 0) continue;
    const members: { id: number; username: string }[] = await admin.call('GET', `/admin/members?username=${username}`);
    await admin.call('POST', '/admin/adjustments', {
      requestId: `e2e-crash-${username}-${Date.now()}`,
      memberId: members.find((m) => m.username === username)!.id,
      direction: difference > 0 ? 'debit' : 'credit',
      amount: (Math.abs(difference) / 100).toFixed(2),
      reason: 'e2e: the crash suite puts the balance back',
    });
  }
});

/** A logged-in player on the crash page, its balance noted. */
async function playerOn(username: string) {
  const { page, errors } = await visit(browser());
  await page.goto('/originals/crash');
  await page.getByRole('heading', { name: 'Rocket Crash', level: 1 }).waitFor();
  await page.getByRole('main').getByRole('button', { name: 'Log in', exact: true }).waitFor();
  const login = await logIn(page, username, PASSWORD);
  await login.waitFor({ state: 'detached' });
  players.set(username, { page, start: await balanceOf(page) });
  return { page, errors };
}

const stageLabel = (page: Page) => page.locator('.crash-stage__label');
const betButton = (page: Page) => page.getByRole('button', { name: 'Bet', exact: true });

describe('crash in the browser', () => {
  it('two players in one round: one cashes out, one rides to the crash; a crash point verifies', async () => {
    const rider = await playerOn('player01');
    const casher = await playerOn('player02');
    await expect
      .poll(async () => (await rider.page.getByTestId('crash-multiplier').textContent()) ?? '')
      .toMatch(/^×\d+\.\d\d$/);

    // A betting window with a few seconds left, then both bet 1.00 without an automatic cash-out.
    await expect
      .poll(
        async () =>
          (await betButton(casher.page).isEnabled()) &&
          (await betButton(rider.page).isEnabled()) &&
          /in ([3-9]|\d\d+) s/.test((await stageLabel(casher.page).textContent()) ?? ''),
        { timeout: 90_000, interval: 200 },
      )
      .toBe(true);
    await Promise.all([betButton(casher.page).click(), betButton(rider.page).click()]);
    // Each sees both bets in the round's list (the other's arrives over the live stream).
    for (const { page } of [rider, casher]) {
      for (const name of [/\*+01$/, /\*+02$/]) await page.getByRole('table').getByRole('cell', { name }).waitFor();
    }

    // player02 cashes out as soon as the round flies; player01 does nothing.
    // A round crashing at once (×1.00 is 1 % of them) shows no button, or takes it away: then the result.
    const cashOut = casher.page.getByRole('button', { name: /^Cash out/ });
    await cashOut.or(casher.page.locator('.originals__result-line')).first().waitFor({ timeout: 60_000 });
    await cashOut.click({ timeout: 2_000 }).catch(() => undefined);
    const results = await Promise.all(
      [casher, rider].map(async ({ page }) => {
        const line = page.locator('.originals__result-line');
        await expect
          .poll(async () => (await line.textContent()) ?? '', { timeout: 120_000 })
          .toMatch(/You cashed out at|before you cashed out/);
        return (await line.textContent()) ?? '';
      }),
    );
    expect(results[1]).toMatch(/before you cashed out/);
    const won = results[0]!.match(/won ৳?\s*([\d,.]+)/)?.[1];
    for (const [username, { page, start }] of players) {
      const paid = username === 'player02' && won ? Number(won.replace(/,/g, '')) : 0;
      await expect.poll(async () => amountIn(await headerBalance(page).textContent())).toBeCloseTo(start - 1 + paid, 2);
    }
    await screenshot(casher.page, 'crash-1280');

    // A recent crash point opens the verify page filled in: the point and the chain link check.
    await casher.page.locator('.crash-recent a').first().click();
    await casher.page.waitForURL(/\/originals\/verify\?/);
    await expect
      .poll(async () => (await casher.page.getByTestId('verify-crash-point').textContent()) ?? '')
      .toMatch(/×\d+\.\d\d/);
    await expect
      .poll(async () => (await casher.page.getByTestId('verify-chain').textContent()) ?? '')
      .toBe('Chain link verified: SHA-256 of this hash is the previous hash.');
    // A cash-out pressed as the round crashed is refused (409), nothing else.
    expect([...rider.errors, ...casher.errors].filter((e) => e !== '409 /wps/inhouse/crash/cash-out')).toEqual([]);
  }, 240_000); // a betting window, then a round of any length (×10 takes 38 s)
});
