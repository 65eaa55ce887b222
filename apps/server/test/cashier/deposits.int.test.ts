import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deposit } from '@khela/contracts';
import { testSecrets } from '../helpers/secrets.ts';
import { signCallback } from '../../src/modules/cashier/gateway/payment-gateway.ts';
import { DEMO_PLAYER } from '../../src/seed/accounts.ts';
import { createMerchantWithAdmin, loginAsAdmin, loginAsNewOperator, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditLedger } from '../ledger/helpers.ts';
import { createPlayer, imposeProtection, sessionFor } from '../protection/helpers.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { channelId, inboxKinds, mainBalance, newPlayer, requestId, type CashierPlayer } from './helpers.ts';

let t: TestApp;
let merchantId: number;
let admin: AuthHeaders;
let bank: number;
let sandbox: number;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  admin = await loginAsAdmin(t);
  bank = await channelId(t, merchantId, 'bank');
  sandbox = await channelId(t, merchantId, 'sandbox');
});
afterAll(async () => {
  const audit = await auditLedger(t.db, merchantId);
  expect(audit).toEqual({ unbalanced: [], drifted: [], negative: [], total: 0n });
  await t.close();
});

const deposit = (player: CashierPlayer, body: Record<string, unknown>) =>
  t.request<Deposit>('POST', '/wps/cashier/deposits', body, { headers: player.headers });
const manual = (amount: string, extra: Record<string, unknown> = {}) => ({
  requestId: requestId('dep'),
  channelId: bank,
  amount,
  referenceNumber: 'TX123456',
  ...extra,
});
const depositCount = async (memberId: number) =>
  Number(
    (
      await t.db
        .selectFrom('deposits')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('demo seed', () => {
  it('gives player01 10,000.00 through an approved bank deposit and its ledger transaction', async () => {
    const player = await t.db
      .selectFrom('members')
      .select('id')
      .where('username', '=', DEMO_PLAYER.username)
      .executeTakeFirstOrThrow();
    expect(await mainBalance(t, player.id)).toBe(1_000_000n);
    const row = await t.db
      .selectFrom('deposits')
      .selectAll()
      .where('member_id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'approved', amount: 1_000_000n, channel_id: bank });
    const tx = await t.db
      .selectFrom('ledger_transactions')
      .select('kind')
      .where('idempotency_key', '=', `deposit:${row.id}`)
      .executeTakeFirstOrThrow();
    expect(tx.kind).toBe('deposit');
  });
});

describe('deposit settings', () => {
  it('lists the channels with limits and payee details, and no member limits yet', async () => {
    const player = await newPlayer(t, merchantId);
    const res = await t.get<{
      allowDeposit: string;
      channels: { code: string; minAmount: string; maxAmount: string; payee: unknown }[];
      limits: { period: string; amount: string | null }[];
    }>('/wps/relay/MCSFE_getDepositSettings', { headers: { ...player.headers, Language: 'bn' } });
    expect(res.status).toBe(200);
    expect(res.body.value.allowDeposit).toBe('Y');
    expect(res.body.value.channels.map((c) => c.code)).toEqual(['bank', 'bkash', 'nagad', 'rocket', 'sandbox']);
    expect(res.body.value.channels[0]).toMatchObject({
      minAmount: '100.00',
      maxAmount: '50000.00',
      payee: { bankName: 'Dutch-Bangla Bank', accountNumber: '1071100012345' },
    });
    expect(res.body.value.channels[1]).toMatchObject({ name: 'বিকাশ' });
    expect(res.body.value.channels[4]!.payee).toBeNull();
    expect(res.body.value.limits.map((l) => [l.period, l.amount])).toEqual([
      ['day', null],
      ['week', null],
      ['month', null],
    ]);
  });

  it('needs a session and the DEPOSIT switch', async () => {
    expect((await t.get('/wps/relay/MCSFE_getDepositSettings')).body.code).toBe('auth.not_logged_in');
    const player = await newPlayer(t, merchantId);
    await t.db.updateTable('whitelabel_switches').set({ enabled: false }).where('mod_id', '=', 'DEPOSIT').execute();
    try {
      const res = await t.get('/wps/relay/MCSFE_getDepositSettings', { headers: player.headers });
      expect(res.body.code).toBe('system.feature_disabled');
    } finally {
      await t.db.updateTable('whitelabel_switches').set({ enabled: true }).where('mod_id', '=', 'DEPOSIT').execute();
    }
  });
});

describe('manual deposits', () => {
  it('creates a pending deposit once per requestId and tells the member it arrived', async () => {
    const player = await newPlayer(t, merchantId);
    const body = manual('1250.50');
    const first = await deposit(player, body);
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ status: 'pending', amount: '1250.50', method: 'bank', paymentUrl: null });
    const again = await deposit(player, body);
    expect(again.body.value.id).toBe(first.body.value.id);
    const changed = await deposit(player, { ...body, amount: '1300.00' });
    expect([changed.status, changed.body.code]).toEqual([409, 'cashier.request_reused']);
    expect(await depositCount(player.row.id)).toBe(1);
    expect(await mainBalance(t, player.row.id)).toBe(0n);
    expect(await inboxKinds(t, player.row.id)).toEqual(['deposit.arrived']);
  });

  it('makes one deposit of one requestId sent many times at once', async () => {
    const player = await newPlayer(t, merchantId);
    const body = manual('640');
    const answers = await Promise.all(Array.from({ length: 6 }, () => deposit(player, body)));
    expect(new Set(answers.map((a) => a.body.value.id)).size).toBe(1);
    expect(await depositCount(player.row.id)).toBe(1);
  });

  it('refuses amounts outside the channel, a missing reference and unknown channels', async () => {
    const player = await newPlayer(t, merchantId);
    const low = await deposit(player, manual('99.99'));
    expect([low.status, low.body.code, low.body.value]).toEqual([
      400,
      'cashier.amount_out_of_range',
      { min: '100.00', max: '50000.00' },
    ]);
    expect((await deposit(player, manual('50000.01'))).body.code).toBe('cashier.amount_out_of_range');
    expect((await deposit(player, manual('500', { referenceNumber: undefined }))).body.code).toBe(
      'cashier.reference_required',
    );
    expect((await deposit(player, manual('500', { channelId: 999_999 }))).body.code).toBe(
      'cashier.channel_unavailable',
    );
    expect(await depositCount(player.row.id)).toBe(0);
  });

  it.each([
    ['negative', '-100.00'],
    ['zero', '0.00'],
    ['three decimals', '100.005'],
    ['huge', '99999999999999999999'],
    ['non-numeric', 'abc'],
    ['exponent', '1e5'],
    ['a number, not a string', 100],
    ['HTML', '<script>alert(1)</script>'],
    ['SQL', "100'; DROP TABLE deposits; --"],
  ])('refuses a %s amount with request.invalid and writes nothing', async (_label, amount) => {
    const player = await newPlayer(t, merchantId);
    const res = await deposit(player, manual('0', { amount }));
    expect([res.status, res.body.code]).toEqual([400, 'request.invalid']);
    expect(await depositCount(player.row.id)).toBe(0);
  });

  it('refuses trial accounts, and members under a self-exclusion with a session still open', async () => {
    const trial = await createPlayer(t, merchantId, 4);
    const trialRes = await t.request('POST', '/wps/cashier/deposits', manual('500'), {
      headers: await sessionFor(t, trial),
    });
    expect([trialRes.status, trialRes.body.code]).toEqual([403, 'auth.trial_account']);
    const excluded = await createPlayer(t, merchantId);
    const headers = await sessionFor(t, excluded);
    await imposeProtection(t, excluded, 'self_exclusion', '30 days');
    const excludedRes = await t.request('POST', '/wps/cashier/deposits', manual('500'), { headers });
    expect([excludedRes.status, excludedRes.body.code]).toEqual([403, 'auth.self_excluded']);
    expect(await depositCount(trial.row.id)).toBe(0);
    expect(await depositCount(excluded.row.id)).toBe(0);
  });

  it('keeps HTML in a reference number as plain text', async () => {
    const player = await newPlayer(t, merchantId);
    const res = await deposit(player, manual('200', { referenceNumber: '<b>x</b>' }));
    expect(res.body.value.referenceNumber).toBe('<b>x</b>');
  });

  it('lists own deposits with status filters and paging', async () => {
    const player = await newPlayer(t, merchantId);
    const other = await newPlayer(t, merchantId);
    await deposit(other, manual('500'));
    const ids = [];
    for (const amount of ['100', '200', '300']) ids.push((await deposit(player, manual(amount))).body.value.id);
    await t.request('POST', `/admin/deposits/${ids[0]}/reject`, { reason: 'no transfer found' }, { headers: admin });
    const all = await t.get<{ list: Deposit[]; total: number }>('/wps/cashier/deposits', { headers: player.headers });
    expect(all.body.value.total).toBe(3);
    expect(all.body.value.list.map((d) => d.id)).toEqual([...ids].reverse());
    const pending = await t.get<{ list: Deposit[]; total: number }>('/wps/cashier/deposits', {
      headers: player.headers,
      query: { status: 'pending', pageSize: 1, pageNo: 2 },
    });
    expect(pending.body.value).toMatchObject({ total: 2, pageNo: 2, pageSize: 1 });
    expect(pending.body.value.list.map((d) => d.id)).toEqual([ids[1]]);
    const rejected = await t.get<{ list: Deposit[] }>('/wps/cashier/deposits', {
      headers: player.headers,
      query: { status: 'rejected' },
    });
    expect(rejected.body.value.list[0]).toMatchObject({ id: ids[0], reason: 'no transfer found' });
    const future = await t.get<{ total: number }>('/wps/cashier/deposits', {
      headers: player.headers,
      query: { from: '2099-01-01' },
    });
    expect(future.body.value.total).toBe(0);
    for (const from of ['2026-02-31', '2026-13-01', '26-01-01', "2026-01-01' OR 1=1"]) {
      const bad = await t.get('/wps/cashier/deposits', { headers: player.headers, query: { from } });
      expect([bad.status, bad.body.code]).toEqual([400, 'request.invalid']);
    }
  });
});

describe('operator review', () => {
  it('credits exactly once when two operators approve at the same moment', async () => {
    const player = await newPlayer(t, merchantId);
    const id = (await deposit(player, manual('777.77'))).body.value.id;
    const second = await loginAsNewOperator(t, 'superadmin');
    const answers = await Promise.all(
      [admin, second, admin, second].map((headers) =>
        t.request<Deposit>('POST', `/admin/deposits/${id}/approve`, undefined, { headers }),
      ),
    );
    expect(answers.map((a) => [a.status, a.body.value.status])).toEqual(Array(4).fill([200, 'approved']));
    expect(await mainBalance(t, player.row.id)).toBe(77_777n);
    const transactions = await t.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('idempotency_key', '=', `deposit:${id}`)
      .execute();
    expect(transactions).toHaveLength(1);
    const audits = await t.db
      .selectFrom('audit_log')
      .select(['action', 'operator_id'])
      .where('entity', '=', 'deposits')
      .where('entity_id', '=', String(id))
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['approve']);
    expect(await inboxKinds(t, player.row.id)).toEqual(['deposit.arrived', 'deposit.approved']);
  });

  it('rejects with a reason; a rejected deposit cannot be approved', async () => {
    const player = await newPlayer(t, merchantId);
    const id = (await deposit(player, manual('300'))).body.value.id;
    const noReason = await t.request('POST', `/admin/deposits/${id}/reject`, {}, { headers: admin });
    expect(noReason.body.code).toBe('request.invalid');
    const rejected = await t.request<Deposit>(
      'POST',
      `/admin/deposits/${id}/reject`,
      { reason: 'wrong amount' },
      { headers: admin },
    );
    expect(rejected.body.value).toMatchObject({ status: 'rejected', reason: 'wrong amount' });
    const approve = await t.request('POST', `/admin/deposits/${id}/approve`, undefined, { headers: admin });
    expect([approve.status, approve.body.code, approve.body.value]).toEqual([
      409,
      'cashier.invalid_state',
      { status: 'rejected' },
    ]);
    expect(await mainBalance(t, player.row.id)).toBe(0n);
    expect(await inboxKinds(t, player.row.id)).toEqual(['deposit.arrived', 'deposit.rejected']);
  });

  it("answers another merchant's operator 404, as for a deposit that does not exist", async () => {
    const player = await newPlayer(t, merchantId);
    const id = (await deposit(player, manual('450'))).body.value.id;
    const other = await createMerchantWithAdmin(t, 'othercash');
    const approve = await t.request('POST', `/admin/deposits/${id}/approve`, undefined, { headers: other.headers });
    expect([approve.status, approve.body.code]).toEqual([404, 'cashier.not_found']);
    const list = await t.get<{ list: unknown[]; total: number }>('/admin/deposits', { headers: other.headers });
    expect(list.body.value).toMatchObject({ list: [], total: 0 });
    expect(await mainBalance(t, player.row.id)).toBe(0n);
  });

  it('answers 404 for unknown ids and keeps other merchants out; lists with filters', async () => {
    const player = await newPlayer(t, merchantId);
    const id = (await deposit(player, manual('150'))).body.value.id;
    expect((await t.request('POST', '/admin/deposits/99999999/approve', undefined, { headers: admin })).status).toBe(
      404,
    );
    const list = await t.get<{ list: { id: number; username: string }[]; total: number }>('/admin/deposits', {
      headers: admin,
      query: { status: 'pending', memberId: player.row.id },
    });
    expect(list.body.value.list).toEqual([expect.objectContaining({ id, username: player.username })]);
    expect(list.body.value.total).toBe(1);
    const content = await loginAsNewOperator(t, 'content');
    expect((await t.get('/admin/deposits', { headers: content })).body.code).toBe('auth.forbidden');
  });
});

describe('deposit limits', () => {
  const setLimit = (player: CashierPlayer, period: string, amount: string | null) =>
    t.request<{ period: string; amount: string | null; remaining: string | null; pending: unknown }[]>(
      'PUT',
      '/wps/cashier/deposit-limits',
      { period, amount },
      { headers: player.headers },
    );

  it('refuses a deposit over a limit with the remaining allowance; raises wait 24 hours', async () => {
    const player = await newPlayer(t, merchantId);
    const set = await setLimit(player, 'day', '500.00');
    expect(set.body.value[0]).toMatchObject({ period: 'day', amount: '500.00', remaining: '500.00', pending: null });
    expect((await deposit(player, manual('300'))).status).toBe(200);
    const over = await deposit(player, manual('300'));
    expect([over.status, over.body.code, over.body.value]).toEqual([
      409,
      'cashier.deposit_limit_exceeded',
      { period: 'day', limit: '500.00', remaining: '200.00' },
    ]);

    const raised = await setLimit(player, 'day', '1000.00');
    const day = raised.body.value[0]!;
    expect(day).toMatchObject({ amount: '500.00', pending: { amount: '1000.00' } });
    const waits = new Date((day.pending as { effectiveAt: string }).effectiveAt).getTime() - Date.now();
    expect(waits).toBeGreaterThan(23.9 * 3600_000);
    expect((await deposit(player, manual('300'))).body.code).toBe('cashier.deposit_limit_exceeded');

    // A day later the raise is in force.
    await t.db
      .updateTable('deposit_limits')
      .set({ pending_effective_at: new Date(Date.now() - 1000) })
      .where('member_id', '=', player.row.id)
      .execute();
    expect((await deposit(player, manual('300'))).status).toBe(200);

    // A decrease applies at once and drops the pending change.
    const lowered = await setLimit(player, 'day', '100.00');
    expect(lowered.body.value[0]).toMatchObject({ amount: '100.00', remaining: '0.00', pending: null });
    expect((await deposit(player, manual('100'))).body.code).toBe('cashier.deposit_limit_exceeded');

    // A removal is a raise: it waits too.
    const removed = await setLimit(player, 'day', null);
    expect(removed.body.value[0]).toMatchObject({ amount: '100.00', pending: { amount: null } });
  });

  it('lets only what fits through when deposits race against a limit', async () => {
    const player = await newPlayer(t, merchantId);
    await setLimit(player, 'week', '1000');
    const answers = await Promise.all(Array.from({ length: 6 }, () => deposit(player, manual('300'))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.body.code === 'cashier.deposit_limit_exceeded')).toHaveLength(3);
  });

  it('counts pending and approved deposits in the rolling month, not rejected ones', async () => {
    const player = await newPlayer(t, merchantId);
    await setLimit(player, 'month', '1000');
    const first = (await deposit(player, manual('600'))).body.value.id;
    expect((await deposit(player, manual('600'))).body.code).toBe('cashier.deposit_limit_exceeded');
    await t.request('POST', `/admin/deposits/${first}/reject`, { reason: 'duplicate' }, { headers: admin });
    expect((await deposit(player, manual('600'))).status).toBe(200);
  });

  it('refuses bad periods and amounts', async () => {
    const player = await newPlayer(t, merchantId);
    expect((await setLimit(player, 'year', '100')).body.code).toBe('request.invalid');
    expect((await setLimit(player, 'day', '-5')).body.code).toBe('request.invalid');
    expect((await setLimit(player, 'day', '0')).body.code).toBe('request.invalid');
  });
});

describe('sandbox payment gateway', () => {
  const secretOf = async () =>
    testSecrets.open(
      'gateway-callback',
      (
        await t.db
          .selectFrom('payment_channels')
          .select('gateway_secret')
          .where('id', '=', sandbox)
          .executeTakeFirstOrThrow()
      ).gateway_secret!,
    );
  const orderOf = async (id: number) =>
    (await t.db.selectFrom('deposits').select('gateway_order').where('id', '=', BigInt(id)).executeTakeFirstOrThrow())
      .gateway_order!;

  function callback(raw: string, headers: Record<string, string>) {
    return t.request<{ order: string; status: string }>('POST', '/lgw/payments/sandbox/callback', undefined, {
      rawBody: raw,
      headers: { 'content-type': 'application/json', ...headers },
    });
  }
  const signed = async (raw: string, timestamp = String(Math.floor(Date.now() / 1000))) => ({
    'x-gateway-timestamp': timestamp,
    'x-gateway-signature': signCallback(await secretOf(), timestamp, raw),
  });

  it('answers a payment URL to the sandbox page, credits once on a signed callback, replays alike', async () => {
    const player = await newPlayer(t, merchantId);
    const created = await deposit(player, { requestId: requestId('gw'), channelId: sandbox, amount: '2500.00' });
    expect(created.body.value.paymentUrl).toMatch(/^\/sandbox-gateway\/pay\?order=[0-9a-f]{32}$/);
    const page = await t.get(created.body.value.paymentUrl!);
    expect(page.status).toBe(200);
    expect(String(page.body.value)).toContain('2,500.00');

    const order = await orderOf(created.body.value.id);
    const raw = JSON.stringify({ order, status: 'paid', amount: '2500.00', currency: 'BDT' });
    expect((await callback(raw, {})).body.code).toBe('gateway.bad_signature');
    const forged = {
      'x-gateway-timestamp': String(Math.floor(Date.now() / 1000)),
      'x-gateway-signature': 'ab'.repeat(32),
    };
    expect((await callback(raw, forged)).status).toBe(401);
    expect((await callback(raw, await signed(raw, String(Math.floor(Date.now() / 1000) - 3600)))).status).toBe(401);
    const tampered = await signed(raw);
    expect((await callback(raw.replace('2500.00', '9500.00'), tampered)).status).toBe(401);
    expect(await mainBalance(t, player.row.id)).toBe(0n);

    const headers = await signed(raw);
    const answers = await Promise.all([callback(raw, headers), callback(raw, headers), callback(raw, headers)]);
    expect(answers.map((a) => [a.status, a.body.value.status])).toEqual(Array(3).fill([200, 'approved']));
    expect(await mainBalance(t, player.row.id)).toBe(250_000n);
    expect(await inboxKinds(t, player.row.id)).toEqual(['deposit.approved']);

    const failedLate = JSON.stringify({ order, status: 'failed', amount: '2500.00', currency: 'BDT' });
    expect((await callback(failedLate, await signed(failedLate))).body.code).toBe('cashier.invalid_state');
  });

  it('marks a failed payment failed through the sandbox page (the gateway signs its own callback)', async () => {
    const player = await newPlayer(t, merchantId);
    const created = await deposit(player, { requestId: requestId('gw'), channelId: sandbox, amount: '150.00' });
    const order = await orderOf(created.body.value.id);
    const res = await t.request('POST', '/sandbox-gateway/pay', undefined, {
      rawBody: `order=${order}\r\noutcome=failed\r\n`,
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(200);
    const list = await t.get<{ list: Deposit[] }>('/wps/cashier/deposits', { headers: player.headers });
    expect(list.body.value.list[0]).toMatchObject({ status: 'failed', paymentUrl: null });
    expect(await inboxKinds(t, player.row.id)).toEqual(['deposit.failed']);
    expect(await mainBalance(t, player.row.id)).toBe(0n);

    const paidToo = await t.request('POST', '/sandbox-gateway/pay', undefined, {
      rawBody: `order=${order}\r\noutcome=paid\r\n`,
      headers: { 'content-type': 'text/plain' },
    });
    expect(paidToo.status).toBe(502);
    expect(await mainBalance(t, player.row.id)).toBe(0n);
  });

  it('pays through the sandbox page too, calling back this server whatever the Host header says', async () => {
    const player = await newPlayer(t, merchantId);
    const created = await deposit(player, { requestId: requestId('gw'), channelId: sandbox, amount: '120.00' });
    const order = await orderOf(created.body.value.id);
    const res = await t.request('POST', '/sandbox-gateway/pay', undefined, {
      rawBody: `order=${order}\r\noutcome=paid\r\n`,
      headers: { 'content-type': 'text/plain', host: 'attacker.invalid:9' },
    });
    expect(res.status).toBe(200);
    expect(await mainBalance(t, player.row.id)).toBe(12_000n);
  });

  it('refuses a callback whose amount differs from the order even when signed', async () => {
    const player = await newPlayer(t, merchantId);
    const created = await deposit(player, { requestId: requestId('gw'), channelId: sandbox, amount: '300.00' });
    const order = await orderOf(created.body.value.id);
    const raw = JSON.stringify({ order, status: 'paid', amount: '3000.00', currency: 'BDT' });
    const res = await callback(raw, await signed(raw));
    expect(res.status).toBe(400);
    expect(await mainBalance(t, player.row.id)).toBe(0n);
    expect((await t.get('/sandbox-gateway/pay?order=nope')).status).toBe(404);
  });
});
