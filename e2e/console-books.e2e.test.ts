import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from './browser.ts';
import { adminSession } from './admin-api.ts';
import { seriousViolations } from './axe.ts';

/**
 * Issue 16 item 5 in the console: the operator runs a cockfight's betting window and records its
 * result with a confirmation that says what it settles, then reads the audit entry; axe finds
 * nothing serious on the books or the games catalogue.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('operator console: games and books (issue 16 item 5)', () => {
  it('opens and closes a fight’s window, records its result with confirmation, and reads the audit entry', async () => {
    const admin = await adminSession();
    const name = `Console Pit ${Date.now() % 100_000}`;
    const arena: { id: number } = await admin.call('POST', '/admin/cockfight/arenas', {
      name: { en: name, bn: name },
      streamUrl: null,
    });
    const fight: { id: number } = await admin.call('POST', '/admin/cockfight/fights', {
      arenaId: arena.id,
      fightNo: 7,
      scheduledAt: new Date().toISOString(),
      odds: { MERON: '1.90', WALA: '1.90', DRAW: '8.00' },
      minStake: '10.00',
      maxStake: '500.00',
    });
    const { page, context, errors } = await openPage(browser, { language: 'en', theme: 'light', width: 1280 });
    await page.goto('/console/books');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('Admin@123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: /^Books/, level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Cockfight fights' }).click();
    await page.getByLabel('Arena').selectOption({ label: name });
    const row = page.getByTestId(`fight-${fight.id}`);
    await row.getByRole('button', { name: 'Open betting' }).click();
    await row.getByText('Betting open').waitFor();
    await row.getByRole('button', { name: 'Close betting' }).click();
    await row.getByText('Betting closed').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await row.getByLabel('Winner').selectOption('MERON');
    await row.getByRole('button', { name: 'Record result' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toContain('Meron wins. 0 bets staking ৳0.00 are settled once');
    await dialog.getByRole('button', { name: 'Record result' }).click();
    await row.getByText('Settled').waitFor();
    await expect.poll(() => dialog.count()).toBe(0);

    const audit: { action: string; after: { result?: string } | null }[] = await admin.call(
      'GET',
      `/admin/audit-log?entity=cockfightFights&entityId=${fight.id}`,
    );
    expect(audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(['open', 'close', 'result']));
    expect(audit.find((entry) => entry.action === 'result')?.after?.result).toBe('MERON');

    await page.getByRole('navigation').getByRole('link', { name: 'Games' }).click();
    await page.getByRole('heading', { name: 'Games catalogue', level: 1 }).waitFor();
    await page.locator('[data-testid^="game-"]').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('changes an in-house game’s bet limits and the player site’s game list shows them at once', async () => {
    const admin = await adminSession();
    const before: { id: number; game: string; minBet: string; maxBet: string }[] = await admin.call(
      'GET',
      '/admin/inhouse/games',
    );
    const game = before.find((g) => g.game === 'andar-bahar')!;
    const { page, context, errors } = await openPage(browser, { language: 'en', theme: 'dark', width: 1280 });
    try {
      await page.goto('/console/games');
      await page.getByLabel('Username').fill('admin');
      await page.getByLabel('Password').fill('Admin@123');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'In-house games' }).click();
      const row = page.getByTestId('inhouse-andar-bahar');
      await row.getByRole('button', { name: 'Edit limits' }).click();
      expect(await seriousViolations(page)).toEqual([]);
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Largest bet').fill('0.50');
      await dialog.getByRole('button', { name: 'Save' }).click();
      // The server's field error, beside its input.
      await dialog.getByLabel('Largest bet').and(page.locator('[aria-invalid="true"]')).waitFor();
      await dialog.getByLabel('Largest bet').fill('43210');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await row.getByText('৳43,210.00').waitFor();
      const site = await fetch(new URL('/wps/inhouse/games', page.url())).then((r) => r.json());
      expect(site.value.games.find((g: { game: string }) => g.game === 'andar-bahar').maxBet).toBe('43210.00');
      expect(await seriousViolations(page)).toEqual([]);
      // The refused save above is the only failed call.
      expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
    } finally {
      await admin.call('PATCH', `/admin/games/${game.id}`, { minBet: game.minBet, maxBet: game.maxBet });
      await context.close();
    }
  });
});
