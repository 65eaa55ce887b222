import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSession } from './admin-api.ts';
import { baseUrl, screenshot } from './browser.ts';
import { browserWithoutCaptcha, label, visit } from './member.ts';

/**
 * Issue 13 in Chromium. First the whole story: agent01 logs in at /agent, opens a downline agent in
 * the registerCenter and offers it a daily salary; the new agent logs in, accepts in the popup,
 * plays; the day is settled and agent01's daily-wage page shows the day paid (its team's sales
 * count the new agent's bet).
 * Then agent01 offers its sub-agent agent02 a daily salary from the downline page; agent02 logs in
 * at /agent, where the contract popup shows the pending offers (the seed's weekly dividend and the
 * new daily salary); it accepts both after confirming. The daily-salary page then shows the live
 * contract and the payouts the settlement worker made for the past weeks at start (the demo seed
 * gives agent02 a daily salary since 40 days ago).
 * The day is settled by the worker's pass, run through the development endpoint for just after
 * the coming midnight in Dhaka.
 */
const browser = browserWithoutCaptcha();

async function agentLogIn(page: Page, username: string) {
  await page.goto('/agent');
  await page.locator('input[autocomplete=username]').first().fill(username);
  await page.locator('input[autocomplete=current-password]').first().fill('Agent@123');
  await page.locator('input[autocomplete=current-password]').first().press('Enter');
  await page.waitForURL(/\/agentHome/);
}

/** The settlement pass the worker runs just after the coming midnight in Dhaka (UTC+6), run now for that moment. */
const DAY = 86_400_000;
const DHAKA = 6 * 3_600_000;
const nextDhakaMidnight = () => Math.floor((Date.now() + DHAKA) / DAY) * DAY + DAY - DHAKA;
async function settleAfter(midnight: number) {
  const pass = await fetch(`${baseUrl()}/dev/agent-settlement`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ at: new Date(midnight + 3 * 60_000).toISOString() }),
  }).then((r) => r.json());
  expect(pass).toMatchObject({ success: true });
  return pass.value as { paid: number };
}
/** Today in Dhaka as the agent pages show a day ("26 Nov 2026"). */
const dhakaToday = (midnight: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dhaka', year: 'numeric', month: 'short', day: 'numeric' }).format(
    new Date(midnight - DAY / 2),
  );

async function playDice(page: Page, stake: string) {
  await page.goto('/originals/dice');
  await page.getByLabel(label('Stake')).fill(stake);
  await page.getByRole('button', { name: 'Roll', exact: true }).click();
  await page
    .getByText(/^Rolled /)
    .first()
    .waitFor();
}

async function acceptOffers(page: Page, count: number) {
  const popup = page.getByRole('dialog', { name: 'Contract offer' });
  await popup.waitFor();
  for (let i = 0; i < count; i += 1) {
    await popup.getByText(/offers you a/).waitFor();
    await popup.getByRole('button', { name: 'Accept' }).click();
    await popup.getByText('Accept this contract?').waitFor();
    await popup.getByRole('button', { name: 'Yes, confirm' }).click();
    await expect.poll(() => popup.getByText('Accept this contract?').count()).toBe(0);
  }
  await popup.waitFor({ state: 'detached' });
}

describe('agent contracts (issue 13)', () => {
  it('an agent opens a downline agent and offers it a daily salary; the downline accepts and plays; the settled day is paid', async () => {
    const username = `e2eag${Date.now().toString(36).slice(-6)}`;
    const upline = await visit(browser(), { width: 1280, height: 900 });
    await agentLogIn(upline.page, 'agent01');
    await upline.page.goto('/agentHome/registerCenter');
    await upline.page.getByRole('radio', { name: 'Agent' }).check();
    await upline.page.getByLabel(label('Username')).fill(username);
    await upline.page.getByLabel(label('Password')).fill('Agent@123');
    await upline.page.getByLabel(label('Confirm password')).fill('Agent@123');
    await upline.page.getByRole('button', { name: 'Open account' }).click();
    await upline.page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await upline.page.getByText(`Account “${username}” is open.`).waitFor();
    // The offer form comes with the new account: a daily salary of 0.1 % of its team's valid bets.
    await upline.page.getByLabel('Rate (%)').fill('0.1');
    await upline.page.getByRole('button', { name: 'Send offer' }).click();
    await upline.page.getByText(`Offer sent to ${username}.`).waitFor();
    expect(upline.errors.filter((e) => !/favicon/.test(e))).toEqual([]);
    await upline.context.close();

    // Its owner funds it (an operator's credit stands in for a deposit here).
    const admin = await adminSession();
    const [member] = (await admin.call('GET', `/admin/members?username=${username}`)) as { id: number }[];
    await admin.call('POST', '/admin/adjustments', {
      requestId: `e2e-fund-${username}`,
      memberId: member!.id,
      direction: 'credit',
      amount: '500.00',
      reason: 'e2e: funds to play',
    });

    const downline = await visit(browser(), { width: 360, height: 800 });
    await agentLogIn(downline.page, username);
    await acceptOffers(downline.page, 1);
    await playDice(downline.page, '100.00');

    // Its contract is live; it covers the periods that start after it was accepted.
    await downline.page.goto('/agentHome/agentDailyWages2');
    await downline.page.getByText('My contract · Active').waitFor();
    await screenshot(downline.page, 'agent-new-downline-contract-360');
    expect(downline.errors.filter((e) => !/favicon/.test(e))).toEqual([]);
    await downline.context.close();

    // The day is settled: agent01's own daily salary (from the house, since weeks) counts the new
    // agent's bet in its team's sales, and its daily-wage page shows today paid.
    const midnight = nextDhakaMidnight();
    expect((await settleAfter(midnight)).paid).toBeGreaterThan(0);
    const agent = await visit(browser(), { width: 1280, height: 900 });
    await agentLogIn(agent.page, 'agent01');
    await agent.page.goto('/agentHome/agentDailyWages2');
    const row = agent.page.getByRole('row').filter({ hasText: dhakaToday(midnight) });
    await row.first().waitFor();
    await expect.poll(() => row.first().textContent()).toContain('Paid');
    await screenshot(agent.page, 'agent-daily-wages-paid-1280');
    expect(agent.errors.filter((e) => !/favicon/.test(e))).toEqual([]);
    await agent.context.close();
  });

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
    await downline.page.getByRole('dialog', { name: 'Contract offer' }).waitFor();
    await screenshot(downline.page, 'agent-contract-popup-360-dark');
    // Two offers: each accepted after its confirmation.
    await acceptOffers(downline.page, 2);

    await downline.page.goto('/agentHome/agentDailyWages2');
    await downline.page.getByText('My contract · Active').waitFor();
    await expect.poll(() => downline.page.getByText('0.10%').count()).toBeGreaterThan(0);
    // The payouts of the seed's earlier daily salary, settled by the worker when the server started.
    await expect.poll(() => downline.page.getByText('Paid').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(downline.page, 'agent-daily-wages-360-dark');
    expect(downline.errors.filter((e) => !/favicon/.test(e))).toEqual([]);
    await downline.context.close();
  });
});
