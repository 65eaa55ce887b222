import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_PASSWORD_LOCKOUT } from '../../src/modules/cashier/payee-accounts/payment-password.ts';
import { DEMO_ADMIN } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { newPlayer, type CashierPlayer } from '../cashier/helpers.ts';
import { login } from '../members/helpers.ts';
import { createPlayer } from '../protection/helpers.ts';
import { demoMerchantId } from '../support/helpers.ts';

/**
 * Issue 10 item 1: the limits used to be fixed windows aligned on the clock (every 15 minutes),
 * so tries split across hh:14:59 and hh:15:00 counted in two windows. The server's limits read
 * this file's clock; each test steps it across that boundary and shows the limit holds.
 */
let now = new Date('2026-03-01T10:14:50Z');
const at = (time: string) => {
  now = new Date(`2026-03-01T${time}Z`);
};

let t: TestApp;
let merchantId: number;
beforeAll(async () => {
  t = await startTestApp({ clock: () => now });
  merchantId = await demoMerchantId(t);
});
afterAll(() => t.close());

const PAY_PASSWORD = '246810';
const changePaymentPassword = (player: CashierPlayer, oldPassword: string) =>
  t.sealed('PUT', '/wps/cashier/payment-password', { oldPassword, newPassword: '135790' }, { headers: player.headers });

describe('lockouts hold across what used to be a window boundary', () => {
  it('payment password: 3 wrong before hh:15 and 2 after lock it; the lock ends 15 minutes after the last', async () => {
    at('10:14:50');
    const player = await newPlayer(t, merchantId);
    const set = await t.sealed(
      'PUT',
      '/wps/cashier/payment-password',
      { newPassword: PAY_PASSWORD },
      { headers: player.headers },
    );
    expect(set.status).toBe(200);

    const codes: string[] = [];
    for (const time of ['10:14:57', '10:14:58', '10:14:59', '10:15:00', '10:15:01']) {
      at(time);
      codes.push((await changePaymentPassword(player, '000000')).body.code!);
    }
    expect(codes).toEqual([...Array(4).fill('cashier.payment_password_wrong'), 'cashier.payment_password_locked']);
    expect(PAYMENT_PASSWORD_LOCKOUT.maxFailures).toBe(5);

    at('10:30:00'); // 14 min 59 s after the fifth: still locked, even for the right password.
    const stillLocked = await changePaymentPassword(player, PAY_PASSWORD);
    expect([stillLocked.status, stillLocked.body.code]).toEqual([429, 'cashier.payment_password_locked']);
    at('10:30:02');
    expect((await changePaymentPassword(player, PAY_PASSWORD)).status).toBe(200);
  });

  it('payment password: a success ends the streak', async () => {
    at('10:40:00');
    const player = await newPlayer(t, merchantId);
    await t.sealed('PUT', '/wps/cashier/payment-password', { newPassword: PAY_PASSWORD }, { headers: player.headers });
    for (let i = 0; i < 4; i++) await changePaymentPassword(player, '000000');
    expect((await changePaymentPassword(player, PAY_PASSWORD)).status).toBe(200);
    const next = await changePaymentPassword(player, '000000');
    expect(next.body).toMatchObject({ code: 'cashier.payment_password_wrong', value: { attemptsLeft: 4 } });
  });

  it('operator log-in: 5 failures straddling hh:15 lock the account', async () => {
    const statuses: number[] = [];
    for (const time of ['11:14:56', '11:14:57', '11:14:58', '11:15:00', '11:15:01']) {
      at(time);
      statuses.push((await t.request('POST', '/admin/session/login', { username: 'admin', password: 'wrong' })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    at('11:15:02');
    const locked = await t.request('POST', '/admin/session/login', DEMO_ADMIN);
    expect([locked.status, locked.body.code]).toEqual([429, 'request.rate_limited']);
    at('11:30:02');
    expect((await t.request('POST', '/admin/session/login', DEMO_ADMIN)).status).toBe(200);
  });

  it('member log-in: the captcha is asked after 3 failures in a row, wherever hh:15 falls', async () => {
    const player = await createPlayer(t, merchantId);
    const results = [];
    for (const time of ['12:14:58', '12:14:59', '12:15:00']) {
      at(time);
      results.push(await login(t, { username: player.username, password: 'Wrong-pass-1' }));
    }
    expect(results.map((r) => r.body.value)).toEqual([null, null, { captcha: true }]);
    at('12:15:01');
    const withoutCaptcha = await login(t, { username: player.username, password: player.password });
    expect(withoutCaptcha.body.code).toBe('captcha.required');
  });

  it('a per-IP throttle cannot be doubled across hh:15 (captcha issues: 30 a minute)', async () => {
    at('13:14:59');
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await t.get('/wps/captcha')).status);
    }
    at('13:15:00');
    statuses.push((await t.get('/wps/captcha')).status);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
