import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './browser.ts';
import { browserWithoutCaptcha, logIn, visit } from './member.ts';

/**
 * Issue 11 in Chromium, against `npm start`'s sandbox vendor: a visitor who clicks a game gets the
 * log-in modal; a member browses /live, launches a sandbox game, plays a round in the game frame
 * and sees the header balance and the betting record follow; favourites toggle and survive a
 * reload. (A trial account's refusal: accounts.e2e.test.ts.) player02 plays here, so player01's
 * balance stays what the wallet suite expects.
 */
const browser = browserWithoutCaptcha();
const PLAYER = { username: 'player02', password: 'Player@123' };

const headerBalance = (page: Page) => page.getByTestId('header-balance');
const amountIn = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

describe('games in the browser', () => {
  it('asks a visitor to log in when a game is clicked', async () => {
    const { page, context, errors } = await visit(browser());
    await page.goto('/live');
    await page.getByRole('heading', { name: 'Live casino', level: 1 }).waitFor();
    await page.getByText('Dragon Tiger', { exact: true }).first().click();
    await page.getByRole('dialog', { name: 'Log in' }).waitFor();
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await context.close();
  });

  it('plays a sandbox round in the game frame; the header balance and the betting record follow', async () => {
    const { page, context, errors } = await visit(browser());
    await page.goto('/live');
    const login = await logIn(page, PLAYER.username, PLAYER.password);
    await login.waitFor({ state: 'detached' });
    await headerBalance(page)
      .getByText(/10,000\.00/)
      .waitFor();

    // Vendor tabs narrow the list to one vendor.
    await page.getByRole('navigation', { name: 'Providers' }).getByRole('link', { name: 'Padma Live' }).click();
    await page.getByText('Dragon Tiger', { exact: true }).first().click();
    await page.waitForURL(/\/seamless\?gameCode=padma-dragon-tiger/);
    const frame = page.frameLocator('iframe');
    // The vendor's page has asked its server for the balance: its script is running.
    await expect.poll(async () => (await frame.getByTestId('vendor-balance').textContent()) ?? '…').not.toBe('…');
    await frame.getByRole('button', { name: 'Dragon' }).click();
    const result = frame.getByRole('status');
    // The round is the vendor's process calling our seamless API twice: slower on a busy CI machine.
    await expect.poll(async () => (await result.textContent()) ?? '', { timeout: 30_000 }).toMatch(/—/);
    const shown = (await result.textContent()) ?? '';
    const won = /won ([\d.]+)/.exec(shown)?.[1] ?? '0';
    const expected = 10_000 - 50 + Number(won);
    await expect
      .poll(async () => amountIn(await headerBalance(page).textContent()), { timeout: 15_000 })
      .toBe(expected);
    await screenshot(page, 'games-frame-1280');

    await page.getByRole('button', { name: 'Back' }).first().click();
    await page.goto('/member?page=personalHistoryCopy');
    const bets = page.getByRole('table');
    // The provider as the lobby names it, not the integration's code (SANDBOX).
    await bets.getByText('Padma Live').first().waitFor({ timeout: 15_000 });
    expect(await bets.getByText('50.00').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('keeps a favourite across a reload and lists it under /favorite', async () => {
    const { page, context, errors } = await visit(browser());
    await page.goto('/fish');
    const login = await logIn(page, PLAYER.username, PLAYER.password);
    await login.waitFor({ state: 'detached' });
    const card = page.getByRole('button', { name: 'Favourite: Golden Hilsa' }).first();
    await card.waitFor();
    expect(await card.getAttribute('aria-pressed')).toBe('false');
    await card.click();
    await expect.poll(() => card.getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await expect
      .poll(() => page.getByRole('button', { name: 'Favourite: Golden Hilsa' }).first().getAttribute('aria-pressed'), {
        timeout: 15_000,
      })
      .toBe('true');
    await page.goto('/favorite');
    await page.getByText('Golden Hilsa', { exact: true }).first().waitFor();
    // Off again: the list empties.
    await page.getByRole('button', { name: 'Favourite: Golden Hilsa' }).first().click();
    await page.reload();
    await expect.poll(() => page.getByText('Golden Hilsa', { exact: true }).count(), { timeout: 15_000 }).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
