import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sealPayload } from '@khela/contracts';
import { baseUrl, launchBrowser, openPage } from './browser.ts';
import { adminSession } from './admin-api.ts';
import { seriousViolations } from './axe.ts';

/**
 * Issue 16 item 6 in the operator console: agent payouts and engagement open for the superadmin,
 * an inbox message sent from the console (after its confirmation) reaches the member's inbox on
 * the player API, and axe finds nothing serious on either section.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function api<T>(method: string, path: string, init: { token?: string; body?: unknown; headers?: object } = {}) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      Language: 'en',
      ...(init.token ? { Authorization: init.token } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const json = (await response.json()) as { success: boolean; value: T; code?: string };
  if (!json.success) throw new Error(`${method} ${path}: ${json.code}`);
  return json.value;
}

async function playerToken(username: string): Promise<string> {
  const { publicKey } = await api<{ publicKey: string }>('GET', '/wps/system/publicKey');
  const sealed = await sealPayload(publicKey, { username, password: 'Player@123' });
  return (await api<{ token: string }>('POST', '/wps/session/login', { body: sealed.body, headers: sealed.headers }))
    .token;
}

describe('operator console: agents and engagement (issue 16 item 6)', () => {
  it('sends an inbox message after a confirmation and the member finds it in their inbox', async () => {
    const admin = await adminSession();
    const found: { list: { id: number; username: string }[] } = await admin.call(
      'GET',
      '/admin/members/search?by=username&q=player11',
    );
    const member = found.list.find((m) => m.username === 'player11')!;
    const title = `Console news ${Date.now() % 1_000_000}`;
    const { page, context, errors } = await openPage(browser, { language: 'en', theme: 'dark', width: 1280 });

    await page.goto('/console/agents');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('Admin@123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Agent payouts', level: 1 }).waitFor();
    await page.getByRole('search', { name: 'Filter payouts' }).getByRole('button', { name: 'Apply' }).click();
    await page.locator('.queue, .empty').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('navigation').getByRole('link', { name: 'Engagement' }).click();
    await page.getByRole('button', { name: 'Redemption queue', pressed: true }).waitFor();
    await page.locator('.queue, .empty').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Inbox messages' }).click();
    await page.getByLabel('Member ID').fill(String(member.id));
    const english = page.getByRole('group', { name: 'English' });
    await english.getByLabel('Title').fill(title);
    await english.getByLabel('Message').fill('<p>Hello <b>player</b><script>alert(1)</script></p>');
    const bengali = page.getByRole('group', { name: 'Bengali' });
    await bengali.getByLabel('Title').fill(`খবর ${title}`);
    await bengali.getByLabel('Message').fill('<p>নমস্কার</p>');
    await page.getByRole('button', { name: 'Send' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toContain(`goes to the inbox of member #${member.id}`);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByText(`“${title}” was sent.`).waitFor();
    await page.getByRole('cell', { name: title }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const inbox = await api<{ list: { title: string; body: string; html: boolean }[] }>('GET', '/wps/member/inbox', {
      token: await playerToken('player11'),
    });
    const message = inbox.list.find((m) => m.title === title);
    expect(message).toMatchObject({ html: true, body: '<p>Hello <b>player</b></p>' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
