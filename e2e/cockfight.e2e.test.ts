import { afterAll, describe, expect, it } from 'vitest';
import { adminSession } from './admin-api.ts';
import { screenshot } from './browser.ts';
import { browserWithoutCaptcha, logIn, visit } from './member.ts';

/**
 * Issue 15 item 4 in Chromium: player01 opens our book's card in the COCKFIGHT game centre, picks
 * an arena an operator just opened a fight in, bets on Meron with confirmation and sees the bet;
 * the operator cancels the fight and the page shows the bet refunded (the balance is back).
 */
const browser = browserWithoutCaptcha();
let fightId: number | undefined;
let cancelled = false;

afterAll(async () => {
  if (fightId !== undefined && !cancelled) {
    await (await adminSession()).call('POST', `/admin/cockfight/fights/${fightId}/cancel`);
  }
});

describe('cockfight', () => {
  it('a member bets on an open fight with confirmation; a cancel refunds it', async () => {
    const admin = await adminSession();
    const name = `E2E Pit ${Date.now() % 100_000}`;
    const arena: { id: number } = await admin.call('POST', '/admin/cockfight/arenas', {
      name: { en: name, bn: name },
      streamUrl: null,
    });
    const fight: { id: number } = await admin.call('POST', '/admin/cockfight/fights', {
      arenaId: arena.id,
      fightNo: 1,
      scheduledAt: new Date().toISOString(),
      odds: { MERON: '2.00', WALA: '1.80', DRAW: '8.00' },
      minStake: '10.00',
      maxStake: '500.00',
    });
    fightId = fight.id;
    await admin.call('POST', `/admin/cockfight/fights/${fight.id}/open`);

    const { page, errors } = await visit(browser(), { width: 360, height: 900 });
    await page.goto('/cockfight');
    const login = await logIn(page, 'player01', 'Player@123');
    await login.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /Khela Cockfight/ }).click();
    await page.waitForURL('**/cockfight/live');
    await page.getByRole('button', { name, exact: true }).click();
    await page.getByRole('button', { name: /^Meron/ }).click();
    await page.getByLabel('Stake').fill('20');
    await page.getByRole('button', { name: 'Place bet' }).click();
    await expect.poll(() => page.getByText('Possible return 40.00').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Bet placed: Meron at 2.00.').waitFor();
    const myBets = page.getByRole('region', { name: 'My bets' });
    await expect.poll(() => myBets.textContent()).toContain('Waiting');
    await screenshot(page, 'cockfight-bet-en-360');

    await admin.call('POST', `/admin/cockfight/fights/${fight.id}/cancel`);
    cancelled = true;
    await expect.poll(() => myBets.textContent(), { timeout: 10_000 }).toContain('Refunded');
    expect(errors).toEqual([]);
  });
});
