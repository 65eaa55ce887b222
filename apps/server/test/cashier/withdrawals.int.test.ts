import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deposit, Withdrawal } from '@khela/contracts';
import { addTurnoverRequirement, reduceTurnover } from '../../src/modules/cashier/withdrawals/turnover.ts';
import { loginAsAdmin, loginAsNewOperator, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditLedger } from '../ledger/helpers.ts';
import { createPlayer, sessionFor } from '../protection/helpers.ts';
import { demoMerchantId } from '../support/helpers.ts';
import {
  channelId,
  inboxKinds,
  mainBalance,
  makePng,
  newPlayer,
  requestId,
  sendBytes,
  type CashierPlayer,
} from './helpers.ts';

let t: TestApp;
let merchantId: number;
let admin: AuthHeaders;
let bank: number;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  admin = await loginAsAdmin(t);
  bank = await channelId(t, merchantId, 'bank');
});
afterAll(async () => {
  expect(await auditLedger(t.db, merchantId)).toEqual({ unbalanced: [], drifted: [], negative: [], total: 0n });
  await t.close();
});

const PAY_PASSWORD = '246810';
const REAL_NAME = 'Rahim Uddin';

/** Money in through the front door: a deposit the operator approves. */
async function fund(player: CashierPlayer, amount: string) {
  const created = await t.request<Deposit>(
    'POST',
    '/wps/cashier/deposits',
    { requestId: requestId('fund'), channelId: bank, amount, referenceNumber: 'FUND1' },
    { headers: player.headers },
  );
  const approved = await t.request('POST', `/admin/deposits/${created.body.value.id}/approve`, undefined, {
    headers: admin,
  });
  expect(approved.status).toBe(200);
}

const setPaymentPassword = (player: CashierPlayer, body: Record<string, unknown>) =>
  t.sealed<{ paymentPasswordSet: boolean }>('PUT', '/wps/cashier/payment-password', body, { headers: player.headers });
const bind = (player: CashierPlayer, body: Record<string, unknown>) =>
  t.request<{ id: number; payeeName: string }>('POST', '/wps/cashier/payee-accounts', body, {
    headers: player.headers,
  });

/** A player with money, a payment password and a bound bKash account. */
async function readyPlayer(amount = '5000') {
  const player = await newPlayer(t, merchantId);
  await fund(player, amount);
  expect((await setPaymentPassword(player, { newPassword: PAY_PASSWORD })).status).toBe(200);
  const account = await bind(player, { method: 'bkash', accountNumber: '01711111111', payeeName: REAL_NAME });
  expect(account.status).toBe(200);
  return { player, accountId: account.body.value.id };
}

const withdraw = (player: CashierPlayer, body: Record<string, unknown>) =>
  t.sealed<Withdrawal>('POST', '/wps/cashier/withdrawals', body, { headers: player.headers });
const step = (id: number, name: string, body?: unknown, headers = admin) =>
  t.request<Withdrawal>('POST', `/admin/withdrawals/${id}/${name}`, body, { headers });

describe('payment password', () => {
  it('is set once, changed only with the old one, and locks after repeated wrong tries', async () => {
    const player = await newPlayer(t, merchantId);
    expect((await setPaymentPassword(player, { newPassword: '123' })).body.code).toBe('request.invalid');
    expect((await setPaymentPassword(player, { newPassword: '111111' })).body.value).toEqual({
      paymentPasswordSet: true,
    });
    const stored = await t.db
      .selectFrom('members')
      .select('payment_password_hash')
      .where('id', '=', player.row.id)
      .executeTakeFirstOrThrow();
    expect(stored.payment_password_hash).toMatch(/^\$argon2id\$/);

    const withoutOld = await setPaymentPassword(player, { newPassword: '222222' });
    expect([withoutOld.status, withoutOld.body.code]).toEqual([400, 'cashier.payment_password_wrong']);
    expect((await setPaymentPassword(player, { oldPassword: '111111', newPassword: '222222' })).status).toBe(200);

    const plain = await t.request(
      'PUT',
      '/wps/cashier/payment-password',
      { newPassword: '333333' },
      { headers: player.headers },
    );
    expect(plain.body.code).toBe('request.encryption_required');

    const codes = [];
    for (let i = 0; i < 5; i++) {
      codes.push((await setPaymentPassword(player, { oldPassword: '999999', newPassword: '333333' })).body.code);
    }
    // The right old password above ended the earlier streak (the missing one): the fifth in a row locks.
    expect(codes).toEqual([...Array(4).fill('cashier.payment_password_wrong'), 'cashier.payment_password_locked']);
    const locked = await setPaymentPassword(player, { oldPassword: '222222', newPassword: '333333' });
    expect([locked.status, locked.body.code]).toEqual([429, 'cashier.payment_password_locked']);
  });
});

describe('payee accounts', () => {
  it('records the real name at the first binding and requires it afterwards', async () => {
    const player = await newPlayer(t, merchantId);
    const first = await bind(player, {
      method: 'bank',
      bankName: 'BRAC Bank',
      accountNumber: '123456789',
      payeeName: REAL_NAME,
    });
    expect(first.body.value).toMatchObject({ payeeName: REAL_NAME });
    const member = await t.db
      .selectFrom('members')
      .select('payee_name')
      .where('id', '=', player.row.id)
      .executeTakeFirstOrThrow();
    expect(member.payee_name).toBe(REAL_NAME);

    const other = await bind(player, { method: 'nagad', accountNumber: '01811111111', payeeName: 'Karim Mia' });
    expect([other.status, other.body.code]).toEqual([400, 'cashier.payee_name_mismatch']);
    const spaced = await bind(player, { method: 'nagad', accountNumber: '01811111111', payeeName: ' rahim  UDDIN ' });
    expect(spaced.status).toBe(200);

    expect((await bind(player, { method: 'bank', accountNumber: '123456789', payeeName: REAL_NAME })).body.code).toBe(
      'cashier.bank_name_required',
    );
    expect((await bind(player, { method: 'rocket', accountNumber: '12345', payeeName: REAL_NAME })).body.code).toBe(
      'request.invalid',
    );
    expect(
      (await bind(player, { method: 'bank', bankName: 'BRAC Bank', accountNumber: '123456789', payeeName: REAL_NAME }))
        .body.code,
    ).toBe('cashier.payee_account_exists');
  });

  it('caps the number of accounts and unbinds only own accounts', async () => {
    await t.db
      .insertInto('cashier_settings')
      .values({ merchant_id: merchantId, max_payee_accounts: 2 })
      .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ max_payee_accounts: 2 }))
      .execute();
    try {
      const player = await newPlayer(t, merchantId);
      const a = await bind(player, { method: 'bkash', accountNumber: '01711111112', payeeName: REAL_NAME });
      await bind(player, { method: 'nagad', accountNumber: '01711111113', payeeName: REAL_NAME });
      const third = await bind(player, { method: 'rocket', accountNumber: '01711111114', payeeName: REAL_NAME });
      expect([third.status, third.body.code, third.body.value]).toEqual([
        409,
        'cashier.payee_account_limit',
        { max: 2 },
      ]);

      const stranger = await newPlayer(t, merchantId);
      const foreign = await t.request('DELETE', `/wps/cashier/payee-accounts/${a.body.value.id}`, undefined, {
        headers: stranger.headers,
      });
      expect([foreign.status, foreign.body.code]).toEqual([404, 'cashier.not_found']);
      const removed = await t.request('DELETE', `/wps/cashier/payee-accounts/${a.body.value.id}`, undefined, {
        headers: player.headers,
      });
      expect(removed.status).toBe(200);
      const list = await t.get<{ id: number }[]>('/wps/cashier/payee-accounts', { headers: player.headers });
      expect(list.body.value).toHaveLength(1);
      expect(
        (await bind(player, { method: 'rocket', accountNumber: '01711111114', payeeName: REAL_NAME })).status,
      ).toBe(200);
    } finally {
      await t.db
        .updateTable('cashier_settings')
        .set({ max_payee_accounts: 5 })
        .where('merchant_id', '=', merchantId)
        .execute();
    }
  });
});

describe('withdrawal requests', () => {
  it('holds the amount on request, once per requestId, and shows the settings', async () => {
    const { player, accountId } = await readyPlayer('5000');
    const body = {
      requestId: requestId('wd'),
      amount: '1200.00',
      payeeAccountId: accountId,
      paymentPassword: PAY_PASSWORD,
    };
    const first = await withdraw(player, body);
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ status: 'pending', amount: '1200.00', receipt: null });
    expect((await withdraw(player, body)).body.value.id).toBe(first.body.value.id);
    expect((await withdraw(player, { ...body, amount: '1300.00' })).body.code).toBe('cashier.request_reused');
    expect(await mainBalance(t, player.row.id)).toBe(380_000n);
    expect(await mainBalance(t, player.row.id, 'withdrawal_hold')).toBe(120_000n);

    const settings = await t.get<Record<string, unknown>>('/wps/relay/MCSFE_getWithdrawSettings', {
      headers: player.headers,
    });
    expect(settings.body.value).toMatchObject({
      minimumAmount: '500.00',
      maximumAmount: '25000.00',
      dailyCount: 5,
      dailyUsed: 1,
      remainingTurnover: '0.00',
      paymentPasswordSet: true,
      payeeName: REAL_NAME,
      accounts: [expect.objectContaining({ id: accountId, method: 'bkash' })],
    });
  });

  it('refuses a wrong payment password, too little money, limits, foreign accounts and bad amounts', async () => {
    const { player, accountId } = await readyPlayer('1000');
    const base = { payeeAccountId: accountId, paymentPassword: PAY_PASSWORD };
    const wrong = await withdraw(player, { ...base, requestId: requestId(), amount: '600', paymentPassword: '000000' });
    expect([wrong.status, wrong.body.code, wrong.body.value]).toEqual([
      400,
      'cashier.payment_password_wrong',
      { attemptsLeft: 4 },
    ]);
    const poor = await withdraw(player, { ...base, requestId: requestId(), amount: '1000.01' });
    expect([poor.status, poor.body.code, poor.body.value]).toEqual([
      409,
      'wallet.insufficient_funds',
      { balance: '100000' },
    ]);
    expect((await withdraw(player, { ...base, requestId: requestId(), amount: '499.99' })).body.code).toBe(
      'cashier.amount_out_of_range',
    );
    expect((await withdraw(player, { ...base, requestId: requestId(), amount: '25000.01' })).body.code).toBe(
      'cashier.amount_out_of_range',
    );
    const stranger = await readyPlayer('1000');
    const foreign = await withdraw(player, {
      ...base,
      requestId: requestId(),
      amount: '600',
      payeeAccountId: stranger.accountId,
    });
    expect([foreign.status, foreign.body.code]).toEqual([404, 'cashier.not_found']);
    for (const amount of ['-600', '0', '600.001', 'NaN', '1e3', 600]) {
      expect((await withdraw(player, { ...base, requestId: requestId(), amount })).body.code).toBe('request.invalid');
    }
    const rows = await t.db.selectFrom('withdrawals').select('id').where('member_id', '=', player.row.id).execute();
    expect(rows).toEqual([]);
    expect(await mainBalance(t, player.row.id)).toBe(100_000n);
  });

  it('never holds more than the balance when requests race', async () => {
    const { player, accountId } = await readyPlayer('1000');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        withdraw(player, {
          requestId: requestId(),
          amount: '600',
          payeeAccountId: accountId,
          paymentPassword: PAY_PASSWORD,
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === 'wallet.insufficient_funds')).toHaveLength(4);
    expect(await mainBalance(t, player.row.id)).toBe(40_000n);
    expect(await mainBalance(t, player.row.id, 'withdrawal_hold')).toBe(60_000n);
  });

  it('refuses a member without a payment password', async () => {
    const player = await newPlayer(t, merchantId);
    await fund(player, '1000');
    const account = await bind(player, { method: 'bkash', accountNumber: '01722222222', payeeName: REAL_NAME });
    const res = await withdraw(player, {
      requestId: requestId(),
      amount: '600',
      payeeAccountId: account.body.value.id,
      paymentPassword: '123456',
    });
    expect(res.body.code).toBe('cashier.payment_password_required');
  });

  it('refuses trial accounts', async () => {
    const trial = await createPlayer(t, merchantId, 4);
    const res = await t.sealed(
      'POST',
      '/wps/cashier/withdrawals',
      { requestId: requestId(), amount: '600', payeeAccountId: 1, paymentPassword: PAY_PASSWORD },
      { headers: await sessionFor(t, trial) },
    );
    expect([res.status, res.body.code]).toEqual([403, 'auth.trial_account']);
  });

  it('counts withdrawals per day', async () => {
    await t.db
      .insertInto('cashier_settings')
      .values({ merchant_id: merchantId, withdraw_daily_count: 2 })
      .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ withdraw_daily_count: 2 }))
      .execute();
    try {
      const { player, accountId } = await readyPlayer('5000');
      const ask = () =>
        withdraw(player, {
          requestId: requestId(),
          amount: '500',
          payeeAccountId: accountId,
          paymentPassword: PAY_PASSWORD,
        });
      const first = await ask();
      await ask();
      const third = await ask();
      expect([third.status, third.body.code, third.body.value]).toEqual([
        409,
        'cashier.withdraw_daily_limit',
        { dailyCount: 2, used: 2 },
      ]);
      // A rejected request no longer counts.
      await step(first.body.value.id, 'reject', { reason: 'test' });
      expect((await ask()).status).toBe(200);
    } finally {
      await t.db
        .updateTable('cashier_settings')
        .set({ withdraw_daily_count: 5 })
        .where('merchant_id', '=', merchantId)
        .execute();
    }
  });

  it('refuses while a bonus turnover requirement remains, with the remaining amount', async () => {
    const { player, accountId } = await readyPlayer('5000');
    await addTurnoverRequirement(t.db, { merchantId, memberId: player.row.id, amount: 300_000n, source: 'bonus:test' });
    await addTurnoverRequirement(t.db, { merchantId, memberId: player.row.id, amount: 50_000n, source: 'bonus:test2' });
    const body = () => ({
      requestId: requestId(),
      amount: '500',
      payeeAccountId: accountId,
      paymentPassword: PAY_PASSWORD,
    });
    const refused = await withdraw(player, body());
    expect([refused.status, refused.body.code, refused.body.value]).toEqual([
      409,
      'cashier.turnover_incomplete',
      { remaining: '3500.00' },
    ]);
    await t.db.transaction().execute((trx) => reduceTurnover(trx, player.row.id, 340_000n));
    expect((await withdraw(player, body())).body.value).toEqual({ remaining: '100.00' });
    await t.db.transaction().execute((trx) => reduceTurnover(trx, player.row.id, 999_999n));
    expect((await withdraw(player, body())).status).toBe(200);
  });
});

describe('operator steps', () => {
  it('approves then pays: the hold leaves to the payout once, however often it is asked', async () => {
    const { player, accountId } = await readyPlayer('5000');
    const id = (
      await withdraw(player, {
        requestId: requestId(),
        amount: '2000',
        payeeAccountId: accountId,
        paymentPassword: PAY_PASSWORD,
      })
    ).body.value.id;
    expect((await step(id, 'pay')).body).toMatchObject({ code: 'cashier.invalid_state', value: { status: 'pending' } });
    expect((await step(id, 'approve')).body.value.status).toBe('approved');
    const second = await loginAsNewOperator(t, 'superadmin');
    const paid = await Promise.all([step(id, 'pay'), step(id, 'pay', undefined, second), step(id, 'pay')]);
    expect(paid.map((p) => [p.status, p.body.value.status])).toEqual(Array(3).fill([200, 'paid']));
    expect(paid[0]!.body.value.confirmDeadline).not.toBeNull();
    expect(await mainBalance(t, player.row.id)).toBe(300_000n);
    expect(await mainBalance(t, player.row.id, 'withdrawal_hold')).toBe(0n);
    const keys = await t.db
      .selectFrom('ledger_transactions')
      .select('idempotency_key')
      .where('idempotency_key', 'like', `withdrawal-%:${id}`)
      .orderBy('id')
      .execute();
    expect(keys.map((k) => k.idempotency_key)).toEqual([`withdrawal-hold:${id}`, `withdrawal-pay:${id}`]);
    expect((await step(id, 'reject', { reason: 'late' })).body.code).toBe('cashier.invalid_state');
    expect(await inboxKinds(t, player.row.id)).toEqual([
      'deposit.arrived',
      'deposit.approved',
      'withdrawal.approved',
      'withdrawal.paid',
    ]);
    const audits = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'withdrawals')
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['approve', 'pay']);
  });

  it('releases the hold exactly once on concurrent rejections, and on a failed payout', async () => {
    const { player, accountId } = await readyPlayer('5000');
    const ask = async (amount: string) =>
      (
        await withdraw(player, {
          requestId: requestId(),
          amount,
          payeeAccountId: accountId,
          paymentPassword: PAY_PASSWORD,
        })
      ).body.value.id;
    const id = await ask('1000');
    const rejected = await Promise.all([1, 2, 3].map(() => step(id, 'reject', { reason: 'name differs' })));
    expect(rejected.map((r) => r.body.value.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await mainBalance(t, player.row.id)).toBe(500_000n);

    const failing = await ask('700');
    expect((await step(failing, 'fail', { reason: 'bank down' })).body.code).toBe('cashier.invalid_state');
    await step(failing, 'approve');
    expect((await step(failing, 'fail', { reason: 'bank down' })).body.value).toMatchObject({
      status: 'failed',
      reason: 'bank down',
    });
    expect(await mainBalance(t, player.row.id)).toBe(500_000n);
    expect(await mainBalance(t, player.row.id, 'withdrawal_hold')).toBe(0n);
    expect((await inboxKinds(t, player.row.id)).slice(-3)).toEqual([
      'withdrawal.rejected',
      'withdrawal.approved',
      'withdrawal.failed',
    ]);
    expect((await step(99_999_999, 'approve')).status).toBe(404);
    const listed = await t.get<{ list: { id: number }[]; total: number }>('/admin/withdrawals', {
      headers: admin,
      query: { memberId: player.row.id, status: 'failed' },
    });
    expect(listed.body.value).toMatchObject({ total: 1, list: [{ id: failing }] });
  });
});

describe('§4 receipt', () => {
  async function paidWithdrawal() {
    const { player, accountId } = await readyPlayer('3000');
    const id = (
      await withdraw(player, {
        requestId: requestId(),
        amount: '1000',
        payeeAccountId: accountId,
        paymentPassword: PAY_PASSWORD,
      })
    ).body.value.id;
    await step(id, 'approve');
    await step(id, 'pay');
    return { player, id };
  }
  const receipt = (player: CashierPlayer, id: number, body: Record<string, unknown>) =>
    t.request<Withdrawal>('POST', `/wps/cashier/withdrawals/${id}/receipt`, body, { headers: player.headers });

  it('takes received once; not received needs a proof image', async () => {
    const { player, id } = await paidWithdrawal();
    expect((await receipt(player, id, { outcome: 'not_received' })).body.code).toBe('cashier.proof_required');
    const stranger = await newPlayer(t, merchantId);
    expect((await receipt(stranger, id, { outcome: 'received' })).status).toBe(404);
    expect((await receipt(player, id, { outcome: 'received' })).body.value.receipt).toBe('received');
    expect((await receipt(player, id, { outcome: 'full_payment' })).body.code).toBe('cashier.invalid_state');
  });

  it('accepts not received with the proof images of the member', async () => {
    const { player, id } = await paidWithdrawal();
    const proof = await sendBytes(t, '/wps/cashier/uploads', makePng(), 'image/png', player.headers);
    const proofId = (proof.body.value as { id: number }).id;
    const stranger = await newPlayer(t, merchantId);
    const foreign = await sendBytes(t, '/wps/cashier/uploads', makePng(), 'image/png', stranger.headers);
    const foreignId = (foreign.body.value as { id: number }).id;
    expect((await receipt(player, id, { outcome: 'not_received', proofUploadIds: [foreignId] })).status).toBe(404);
    const ok = await receipt(player, id, { outcome: 'not_received', proofUploadIds: [proofId] });
    expect(ok.body.value).toMatchObject({ receipt: 'not_received', proofUploadIds: [proofId] });
  });

  it('counts an unconfirmed payment as received after the deadline', async () => {
    const { player, id } = await paidWithdrawal();
    const pending = await receipt(player, 99_999_999, { outcome: 'received' });
    expect(pending.status).toBe(404);
    await t.db
      .updateTable('withdrawals')
      .set({ confirm_deadline: new Date(Date.now() - 60_000) })
      .where('id', '=', BigInt(id))
      .execute();
    const list = await t.get<{ list: Withdrawal[] }>('/wps/cashier/withdrawals', { headers: player.headers });
    expect(list.body.value.list[0]).toMatchObject({ id, receipt: 'auto_received' });
    expect((await receipt(player, id, { outcome: 'not_received', proofUploadIds: [1] })).body.code).toBe(
      'cashier.invalid_state',
    );
  });
});
