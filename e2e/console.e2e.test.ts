import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sealPayload } from '@khela/contracts';
import { baseUrl, launchBrowser, openPage, screenshot } from './browser.ts';
import { adminSession } from './admin-api.ts';
import { seriousViolations } from './axe.ts';

/**
 * Issue 16 items 1–3, the operator console at /console: the demo operator signs in, reads the
 * dashboard, approves a deposit a player made through the API (its receipt shown inline) and the
 * player site's header shows the new balance, rejects another player's withdrawal and the hold comes
 * back, reads the audit entries of both, and signs out; axe finds nothing serious on the dashboard
 * or the cashier.
 */
const receipt = readFileSync(new URL('../apps/web/public/demo/home-cricket.jpg', import.meta.url));

let browser: Browser;
let admin: ReturnType<typeof adminSession>;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = adminSession();
});
afterAll(() => browser?.close());

async function api<T>(
  method: string,
  path: string,
  init: { token?: string; body?: BodyInit; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { Language: 'en', ...(init.token ? { Authorization: init.token } : {}), ...init.headers },
    body: init.body,
  });
  const json = (await response.json()) as { success: boolean; value: T; code?: string };
  if (!json.success) throw new Error(`${method} ${path}: ${json.code}`);
  return json.value;
}

/** player12 (a demo team player no other suite uses: the approved deposit changes its balance) deposits by bank transfer with a receipt, through the player API (sealed log-in). */
async function pendingDeposit(reference: string): Promise<{ depositId: number; uploadId: number; token: string }> {
  const token = await playerToken('player12');
  const upload = await api<{ id: number }>('POST', '/wps/cashier/uploads', {
    token,
    headers: { 'content-type': 'image/jpeg' },
    body: receipt,
  });
  const channels: { id: number; code: string }[] = await (await admin).call('GET', '/admin/payment-channels');
  const deposit = await api<{ id: number }>('POST', '/wps/cashier/deposits', {
    token,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      requestId: `console-${Date.now()}`,
      channelId: channels.find((c) => c.code === 'bank')!.id,
      amount: '250.00',
      referenceNumber: reference,
      receiptUploadIds: [upload.id],
    }),
  });
  return { depositId: deposit.id, uploadId: upload.id, token };
}

/** A player's sealed log-in through the player API: the session token. */
async function playerToken(username: string): Promise<string> {
  const { publicKey } = await api<{ publicKey: string }>('GET', '/wps/system/publicKey');
  const sealed = await sealPayload(publicKey, { username, password: 'Player@123' });
  const { token } = await api<{ token: string }>('POST', '/wps/session/login', {
    headers: { 'content-type': 'application/json', ...sealed.headers },
    body: JSON.stringify(sealed.body),
  });
  return token;
}

/** A wallet's whole balance in cents, as the player API gives it. */
async function balanceCents(token: string): Promise<number> {
  const { sumBalance } = await api<{ sumBalance: string }>('GET', '/wps/v2/wallets/balance', { token });
  return Math.round(Number(sumBalance) * 100);
}

/**
 * player02 (no bonus turnover left to wager, unlike the team players) binds a bank account, sets a
 * payment password and asks to withdraw the smallest amount, which is held.
 */
async function pendingWithdrawal(): Promise<{ withdrawalId: number; amount: string; token: string }> {
  const token = await playerToken('player02');
  const { publicKey } = await api<{ publicKey: string }>('GET', '/wps/system/publicKey');
  const { minimumAmount } = await api<{ minimumAmount: string }>('GET', '/wps/relay/MCSFE_getWithdrawSettings', {
    token,
  });
  const json = { 'content-type': 'application/json' };
  const account = await api<{ id: number }>('POST', '/wps/cashier/payee-accounts', {
    token,
    headers: json,
    body: JSON.stringify({
      method: 'bank',
      bankName: 'Sonali Bank',
      accountNumber: '12121212',
      payeeName: 'Player Two',
    }),
  });
  const password = await sealPayload(publicKey, { newPassword: '135790' });
  await api('PUT', '/wps/cashier/payment-password', {
    token,
    headers: { ...json, ...password.headers },
    body: JSON.stringify(password.body),
  });
  const request = await sealPayload(publicKey, {
    requestId: `console-w-${Date.now()}`,
    amount: minimumAmount,
    payeeAccountId: account.id,
    paymentPassword: '135790',
  });
  const withdrawal = await api<{ id: number }>('POST', '/wps/cashier/withdrawals', {
    token,
    headers: { ...json, ...request.headers },
    body: JSON.stringify(request.body),
  });
  return { withdrawalId: withdrawal.id, amount: minimumAmount, token };
}

/** The audit log's actions on one object, read through the operator API. */
async function auditActions(entity: string, id: number): Promise<string[]> {
  const entries: { action: string }[] = await (
    await admin
  ).call('GET', `/admin/audit-log?entity=${entity}&entityId=${id}`);
  return entries.map((entry) => entry.action);
}

describe('operator console (issue 16)', () => {
  it('approves a deposit (the player site shows it) and rejects a withdrawal (the hold comes back); the audit has both', async () => {
    const { depositId, uploadId, token } = await pendingDeposit(`CONSOLE${Date.now() % 1_000_000}`);
    // The member on the player site, signed in with the same session: the header shows the balance.
    const site = await openPage(browser, { language: 'en', theme: 'light', width: 1280 });
    await site.context.addInitScript((session) => {
      if (window !== window.top) return;
      sessionStorage.setItem('token', session);
      sessionStorage.setItem('popupClosed.member', '1');
    }, token);
    await site.page.goto('/');
    // In cents, as the header shows it once its balance call answered (a reload reads it again).
    const siteBalance = async () => {
      await site.page.reload();
      const text = await site.page.getByTestId('header-balance').textContent({ timeout: 15_000 });
      return Math.round(Number(text?.replace(/[^\d.]/g, '') || NaN) * 100);
    };
    const before = await balanceCents(token);
    await expect.poll(siteBalance, { timeout: 15_000 }).toBe(before);
    const { page, context, errors } = await openPage(browser, { language: 'en', theme: 'dark', width: 1280 });

    await page.goto('/console/');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('Admin@123');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('heading', { name: /^Today/ }).waitFor();
    const pending = Number(await page.getByTestId('dashboard.pendingDeposits').textContent());
    expect(pending).toBeGreaterThanOrEqual(1);
    expect(await page.getByRole('img', { name: /per day/ }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('navigation').getByRole('link', { name: 'Cashier' }).click();
    await page.getByRole('button', { name: `Open #${depositId}` }).click();
    const shown = page.getByRole('img', { name: `Receipt ${uploadId} of request ${depositId}` });
    await shown.waitFor();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toContain("credited to player12's wallet");
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(`Approve: #${depositId} is now Approved.`).waitFor();
    // Approved, it leaves the pending queue.
    await expect.poll(() => page.getByTestId(`row-${depositId}`).count()).toBe(0);
    const approved: { list: { id: number; status: string }[] } = await (
      await admin
    ).call('GET', '/admin/deposits?status=approved');
    expect(approved.list.find((d) => d.id === depositId)?.status).toBe('approved');
    await expect.poll(siteBalance, { timeout: 15_000 }).toBe(before + 25_000);

    // A withdrawal holds its amount; rejected with a reason, the hold comes back.
    const withdrawal = await pendingWithdrawal();
    const held = await balanceCents(withdrawal.token);
    const { withdrawalId } = withdrawal;
    await page.getByRole('button', { name: 'Withdrawals', exact: true }).click();
    await page.getByRole('button', { name: `Open #${withdrawalId}` }).click();
    await page.getByRole('button', { name: 'Reject', exact: true }).click();
    const reject = page.getByRole('dialog');
    await reject.getByLabel('Reason').fill('e2e: the account name does not match');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await page.getByText(`Reject: #${withdrawalId} is now Rejected.`).waitFor();
    expect(await balanceCents(withdrawal.token)).toBe(held + Math.round(Number(withdrawal.amount) * 100));
    expect(await auditActions('deposits', depositId)).toEqual(['approve']);
    expect(await auditActions('withdrawals', withdrawalId)).toEqual(['reject']);
    await site.context.close();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Operator sign-in' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('operator console: members (issue 16 item 4)', () => {
  it('finds a member, freezes them with a reason, and their log-in is refused', async () => {
    const { page, context, errors } = await openPage(browser, { language: 'en', theme: 'light', width: 1280 });
    const found: { list: { id: number; username: string }[] } = await (
      await admin
    ).call('GET', '/admin/members/search?by=username&q=player12');
    const memberId = found.list.find((m) => m.username === 'player12')!.id;
    try {
      await page.goto('/console/members');
      await page.getByLabel('Username').fill('admin');
      await page.getByLabel('Password').fill('Admin@123');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Members', level: 1 }).waitFor();
      await page.getByRole('searchbox').fill('player12');
      await page.getByRole('button', { name: 'Find' }).click();
      await page.getByTestId(`member-${memberId}`).getByRole('button', { name: 'player12' }).click();
      await page.getByRole('heading', { name: /^player12/, level: 2 }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Freeze', exact: true }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.textContent()).toContain('cannot log in until unfrozen');
      await dialog.getByLabel('Reason').fill('e2e: suspected shared account');
      await dialog.getByRole('button', { name: 'Freeze' }).click();
      await page.getByText('player12 is now Frozen.').waitFor();

      const { publicKey } = await api<{ publicKey: string }>('GET', '/wps/system/publicKey');
      const sealed = await sealPayload(publicKey, { username: 'player12', password: 'Player@123' });
      const refused = await fetch(`${baseUrl()}/wps/session/login`, {
        method: 'POST',
        headers: { Language: 'en', 'content-type': 'application/json', ...sealed.headers },
        body: JSON.stringify(sealed.body),
      }).then((r) => r.json() as Promise<{ success: boolean; code?: string }>);
      expect(refused).toMatchObject({ success: false, code: 'auth.contact_agent' });
      expect((await auditActions('members', memberId))[0]).toBe('freeze');
      expect(errors).toEqual([]);
    } finally {
      await (await admin).call('POST', `/admin/members/${memberId}/status`, { status: 'active', reason: 'e2e: done' });
      await context.close();
    }
  });
});

describe('operator console: an operator over two merchants (issue 16 item 2)', () => {
  it('shows both merchants side by side, switches to Shapla in the header and finds its members there', async () => {
    const { page, context, errors } = await openPage(browser, { language: 'en', theme: 'light', width: 1280 });
    await page.goto('/console/');
    await page.getByLabel('Username').fill('owner');
    await page.getByLabel('Password').fill('Owner@123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const board = page.getByTestId('dashboard-merchants');
    await board.getByTestId('merchant-shapla').waitFor();
    await board.getByTestId('merchant-khela').waitFor();
    await board.getByTestId('merchants-total-BDT').getByRole('rowheader', { name: 'Total of 2 (BDT)' }).waitFor();
    // Shapla's one deposit waiting for the cashier (the demo seed's).
    expect(await board.getByTestId('merchant-shapla').locator('td').last().textContent()).toBe('1');
    await page.getByTestId('dashboard-merchant').filter({ hasText: '(khela)' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-merchants-1280-light');

    // Granting Shapla to another operator of khela, and taking it away, each after a confirmation.
    const username = `e2e_shapla_${Date.now() % 1_000_000}`;
    const created: { id: number } = await (
      await admin
    ).call('POST', '/admin/operators', { username, password: 'Correct-horse-42', role: 'support' });
    await page.getByRole('navigation').getByRole('link', { name: 'Operators' }).click();
    await page.getByRole('searchbox').fill(username);
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('button', { name: `Edit ${username}` }).click();
    const grants = page.getByRole('dialog').getByTestId('operator-merchants');
    await grants.getByLabel('Add a merchant').selectOption('shapla');
    await grants.getByRole('button', { name: 'Grant' }).click();
    await grants.getByText(`${username} will work on Shapla too`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await grants.getByRole('button', { name: 'Grant' }).click();
    await grants.getByRole('button', { name: `Take Shapla away from ${username}` }).click();
    await grants.getByRole('button', { name: 'Take away', exact: true }).click();
    await grants.getByRole('button', { name: `Take Shapla away from ${username}` }).waitFor({ state: 'detached' });
    expect((await auditActions('operators', created.id)).slice(0, 2)).toEqual(['revoke_merchant', 'grant_merchant']);
    await page.keyboard.press('Escape');

    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
    await page.getByTestId('merchant-switcher').selectOption('shapla');
    await page.getByTestId('dashboard-merchant').filter({ hasText: '(shapla)' }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Members' }).click();
    await page.getByRole('heading', { name: 'Members', level: 1 }).waitFor();
    await page.getByRole('searchbox').fill('shapla');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('button', { name: 'shapla01' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // At 360 px, in the dark and in Bengali, the header keeps the switcher and the dashboard its table.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.getByRole('button', { name: 'বাংলা' }).click();
    await page.getByRole('button', { name: 'ডার্ক থিম' }).click();
    await page.getByRole('button', { name: /^মেনু/ }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'ড্যাশবোর্ড' }).click();
    await page.getByTestId('dashboard-merchants').getByTestId('merchant-shapla').waitFor();
    expect(await page.getByTestId('merchant-switcher').inputValue()).toBe('shapla');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'console-merchants-360-bn');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('operator console: operators and audit (issue 16 items 1, 8)', () => {
  it('disables an operator after a confirmation and reads the audit entry with its before and after', async () => {
    const username = `e2e_op_${Date.now() % 1_000_000}`;
    const created: { id: number } = await (
      await admin
    ).call('POST', '/admin/operators', { username, password: 'Correct-horse-42', role: 'support' });
    const { page, context, errors } = await openPage(browser, { language: 'en', theme: 'light', width: 1280 });
    await page.goto('/console/operators');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('Admin@123');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByRole('button', { name: `Edit ${username}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Disable' }).click();
    expect(await dialog.textContent()).toContain('can no longer sign in');
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await page.getByText(`Saved: ${username}.`).waitFor();
    // Issue 16 Quality: the Created column sorts on the server; newest first puts this operator on top.
    await page.getByRole('button', { name: /^Created/ }).click();
    const createdHeader = page.getByRole('columnheader', { name: /^Created/ });
    await expect.poll(() => createdHeader.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => page.locator('tbody tr').first().getAttribute('data-testid')).toBe(`operator-${username}`);

    await page.getByRole('navigation').getByRole('link', { name: 'Audit log' }).click();
    await page.getByLabel('Action').fill('disable');
    await page.getByLabel('Object id').fill(String(created.id));
    await page.getByRole('button', { name: 'Filter' }).click();
    const entry = page.locator('.audit-entry', { hasText: `operators #${created.id}` });
    await entry.getByRole('button', { name: 'Show changes' }).click();
    const active = entry.getByRole('row', { name: /^active/ });
    expect((await active.textContent())?.replace(/\s+/g, ' ')).toBe('activetruefalse');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('operator console: reports, and axe on every section (issue 16 item 9)', () => {
  it('reads a report sorted on the server, exports it as CSV, and axe passes sign-in and each section', async () => {
    const { page, context, errors } = await openPage(browser, { language: 'en', theme: 'dark', width: 1280 });
    await page.goto('/console/reports');
    await page.getByRole('heading', { name: 'Operator sign-in' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('Admin@123');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await page.getByText(/^From \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Member performance' }).click();
    const sorted = page.getByRole('columnheader', { name: /Valid bets/ });
    await page.getByRole('button', { name: /^Valid bets/ }).click();
    await expect.poll(() => sorted.getAttribute('aria-sort')).toBe('descending');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV (all pages)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^members-day-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.replace('\uFEFF', '').split('\r\n')[0]).toBe(
      'Member,Bets placed,Valid bets,Wins,GGR,Deposits,Deposit count,Withdrawals,Withdrawal count',
    );
    expect(await seriousViolations(page)).toEqual([]);

    for (const [link, heading] of [
      ['Members', 'Members'],
      ['Operators', 'Operators'],
      ['My security', 'My security'],
    ] as const) {
      await page.getByRole('navigation').getByRole('link', { name: link }).click();
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page
        .locator('.state[role="status"]')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      expect({ section: link, violations: await seriousViolations(page) }).toEqual({ section: link, violations: [] });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('operator console at 360 px: cashier search, payment channels, GGR by vendor (issue 16 items 3, 9)', () => {
  it('folds the menu, searches the queue on the server, adds a channel after a field error, groups GGR by vendor', async () => {
    const reference = `CDSEARCH${Date.now() % 1_000_000}`;
    const { depositId } = await pendingDeposit(reference);
    const code = `e2e_${Date.now() % 1_000_000}`;
    const { page, context, errors } = await openPage(browser, { language: 'en', theme: 'light', width: 360 });
    await page.goto('/console/cashier');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('Admin@123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Cashier', level: 1 }).waitFor();

    // On a phone the sections sit behind one button.
    const menu = page.getByRole('button', { name: 'Menu: Cashier' });
    // The sections' navigation by name: the queue's pager is a navigation too.
    const sections = page.getByRole('navigation', { name: 'Sections' });
    expect(await sections.isVisible()).toBe(false);
    await menu.click();
    expect(await sections.getByRole('link', { name: 'Reports' }).isVisible()).toBe(true);
    await menu.click();

    // The search runs on the server: only the deposit with this reference is listed.
    await page.getByLabel('Search by').selectOption('reference');
    await page.getByRole('searchbox').fill(reference);
    await page.getByRole('button', { name: 'Find' }).click();
    await expect.poll(() => page.getByTestId(/^row-\d+$/).count()).toBe(1);
    expect(await page.getByTestId(`row-${depositId}`).count()).toBe(1);
    await page.getByLabel('Search by').selectOption('id');
    await page.getByRole('searchbox').fill('abc');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByText('A request id is a whole number.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Settings and channels' }).click();
    await page.getByRole('button', { name: 'New channel' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Code/).fill(code);
    await dialog.getByLabel('Name in English').fill('E2E wallet');
    await dialog.getByLabel('Name in Bengali').fill('ই২ই ওয়ালেট');
    await dialog.getByLabel('Account name').fill('Khela E2E');
    await dialog.getByLabel('Account number').fill('01712345678');
    await dialog.getByLabel('Smallest deposit').fill('500');
    await dialog.getByLabel('Largest deposit').fill('100');
    await dialog.getByRole('button', { name: 'Add channel' }).click();
    await expect.poll(() => dialog.getByLabel('Largest deposit').getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel('Largest deposit').fill('25000');
    await dialog.getByRole('button', { name: 'Add channel' }).click();
    await page.getByTestId(`channel-${code}`).waitFor();

    await menu.click();
    await page.getByRole('navigation').getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await page.getByLabel('Group rows by').selectOption('vendor');
    await page.getByRole('combobox', { name: /^Vendor/ }).waitFor();
    await page.getByRole('button', { name: 'Show' }).click();
    await expect
      .poll(
        async () =>
          (await page.getByRole('columnheader', { name: 'Vendor' }).count()) +
          (await page.getByText('No figures in this period.').count()),
      )
      .toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    // The refused search and the refused channel are the only failed calls.
    expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
    expect(errors.length).toBeLessThanOrEqual(3);
    await context.close();
  });

  it('loads at most 200 KB gzip on first load, with no section in it (issue 16 Quality: each its own chunk)', async () => {
    const html = await (await fetch(`${baseUrl()}/console/`)).text();
    const files = [...html.matchAll(/(?:src|href)="(\/console\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(files.length).toBeGreaterThan(0);
    let gzipBytes = 0;
    for (const file of files) {
      const response = await fetch(`${baseUrl()}${file}`);
      expect(response.status).toBe(200);
      gzipBytes += gzipSync(Buffer.from(await response.arrayBuffer())).length;
    }
    expect(gzipBytes).toBeLessThanOrEqual(200 * 1024);
    const sections = readFileSync(new URL('../apps/console/src/app.tsx', import.meta.url), 'utf8').matchAll(
      /lazy\(\(\) => import\('\.\/sections\/([a-z-]+)\.tsx'\)\)/g,
    );
    const names = [...sections].map((m) => m[1]!);
    expect(names.length).toBeGreaterThanOrEqual(10);
    for (const name of names) expect(files.filter((file) => file.includes(`/${name}-`))).toEqual([]);
  });
});
