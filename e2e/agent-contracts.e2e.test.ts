import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, screenshot } from './browser.ts';
import { browserWithoutCaptcha, label, logIn, visit } from './member.ts';

/**
 * Issue 13 in Chromium: agent01 logs in at /agent and offers its sub-agent agent02 a daily salary
 * from the downline page; agent02 logs in at /agent, where the contract popup shows the pending
 * offers (the seed's weekly dividend and the new daily salary); it accepts both after confirming.
 * The daily-salary page then shows the live contract and the payouts the settlement worker made
 * for the past weeks at start (the demo seed gives agent02 a daily salary since 40 days ago).
 * Then a player of agent01's team plays dice, the day is settled (the worker's pass, run through
 * the development endpoint for just after midnight) and agent01's daily-wage page shows the day paid.
 */
const browser = browserWithoutCaptcha();

async function agentLogIn(page: Page, username: string) {
  await page.goto('/agent');
  await page.locator('input[autocomplete=username]').first().fill(username);
  await page.locator('input[autocomplete=current-password]').first().fill('Agent@123');
  await page.locator('input[autocomplete=current-password]').first().press('Enter');
  await page.waitForURL(/\/agentHome/);
}

describe('agent contracts (issue 13)', () => {
  it('offers a contract from the downline page; the downline accepts it in the popup on log-in', async () => {
    const upline = await visit(browser(), { width: 360, height: 800 });
    await agentLogIn(upline.page, 'agent01');
    await upline.page.goto('/agentHome/downlineManagmentView');
    const row = upline.page.getByRole('row').filter({ hasText: 'agent02' }).first();
    const card = (await row.count()) ? row : upline.page.locator('li, tr, div').filter({ hasText: 'agent02' }).last();
    await card.getByRole('button', { name: 'Details' }).click();
    const details = upline.page.getByRole('dialog');
    await details.getByLabel('Rate (%)').fill('0.1');
    await details.getByRole('button', { name: 'Send offer' }).click();
    await expect.poll(() => details.getByText('Offer sent to agent02.').count()).toBe(1);
    await upline.context.close();

    const downline = await visit(browser(), { width: 360, height: 800, theme: 'dark' });
    await agentLogIn(downline.page, 'agent02');
    const popup = downline.page.getByRole('dialog', { name: 'Contract offer' });
    await popup.waitFor();
    await screenshot(downline.page, 'agent-contract-popup-360-dark');
    // Two offers: each accepted after its confirmation.
    for (let i = 0; i < 2; i += 1) {
      await popup.getByText(/offers you a/).waitFor();
      await popup.getByRole('button', { name: 'Accept' }).click();
      await popup.getByText('Accept this contract?').waitFor();
      await popup.getByRole('button', { name: 'Yes, confirm' }).click();
      await expect.poll(() => popup.getByText('Accept this contract?').count()).toBe(0);
    }
    await popup.waitFor({ state: 'detached' });

    await downline.page.goto('/agentHome/agentDailyWages2');
    await downline.page.getByText('My contract · Active').waitFor();
    await expect.poll(() => downline.page.getByText('0.10%').count()).toBeGreaterThan(0);
    // The payouts of the seed's earlier daily salary, settled by the worker when the server started.
    await expect.poll(() => downline.page.getByText('Paid').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(downline.page, 'agent-daily-wages-360-dark');
    expect(downline.errors.filter((e) => !/favicon/.test(e))).toEqual([]);
    await downline.context.close();
  });

  it("pays agent01's daily salary on the day its team has just played, once the day is settled", async () => {
    // player21 (agent02's player, so in agent01's team) plays a round of dice today.
    const player = await visit(browser());
    await player.page.goto('/');
    const login = await logIn(player.page, 'player21', 'Player@123');
    await login.waitFor({ state: 'detached' });
    await player.page.goto('/originals/dice');
    await player.page.getByLabel(label('Stake')).fill('10.00');
    await player.page.getByRole('button', { name: 'Roll', exact: true }).click();
    await player.page
      .getByText(/^Rolled /)
      .first()
      .waitFor();
    await player.context.close();

    // The settlement pass the worker runs after midnight in Dhaka (UTC+6), run now for that moment.
    const DAY = 86_400_000;
    const DHAKA = 6 * 3_600_000;
    const midnight = Math.floor((Date.now() + DHAKA) / DAY) * DAY + DAY - DHAKA;
    const pass = await fetch(`${baseUrl()}/dev/agent-settlement`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ at: new Date(midnight + 3 * 60_000).toISOString() }),
    }).then((r) => r.json());
    expect(pass).toMatchObject({ success: true });
    expect(pass.value.paid).toBeGreaterThan(0);

    const agent = await visit(browser(), { width: 1280, height: 900 });
    await agentLogIn(agent.page, 'agent01');
    await agent.page.goto('/agentHome/agentDailyWages2');
    const today = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Dhaka',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    }).format(new Date(midnight - DAY / 2));
    const row = agent.page.getByRole('row').filter({ hasText: today });
    await row.first().waitFor();
    await expect.poll(() => row.first().textContent()).toContain('Paid');
    await screenshot(agent.page, 'agent-daily-wages-paid-1280');
    expect(agent.errors.filter((e) => !/favicon/.test(e))).toEqual([]);
    await agent.context.close();
  });
});
