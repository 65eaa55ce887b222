import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FieldError, MemberSession } from '@khela/contracts';
import { DEMO_PLAYER } from '../../src/seed/accounts.ts';
import { startTestApp, type ApiResponse, type TestApp } from '../helpers/test-app.ts';
import { login, memberInfo } from '../members/helpers.ts';
import { demoMerchantId, resetRateLimits, withSwitch } from '../support/helpers.ts';
import { latestCode, outbox, requestCode, SMS_LOGIN_CODE_PATH, timePasses } from '../verification/helpers.ts';

const CHANGE_PATH = '/wps/member/password';
const FORGOT_PATH = '/wps/member/password/email';
const RESET_EMAIL_PATH = '/wps/member/password/email/reset';
const RESET_PHONE_PATH = '/wps/member/password/verification';
const EMAIL = 'player01@example.com';

let t: TestApp;
let merchantId: number;
/** player01's password as the tests have left it. */
let password: string = DEMO_PLAYER.password;
let serial = 0;
const nextPassword = () => `Fresh@${2026 + ++serial}`;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  await t.db.updateTable('members').set({ email: EMAIL }).where('username', '=', 'player01').execute();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetRateLimits(t);
  await t.db.deleteFrom('verification_codes').execute();
});

const fieldsOf = (res: ApiResponse<unknown>) => (res.body.value as { fields: FieldError[] }).fields;
const logIn = async (pass = password) => login(t, { username: 'player01', password: pass });
const headersOf = (res: ApiResponse<MemberSession>) => ({ Authorization: res.body.value.token });
const forgot = (form: string, headers: Record<string, string> = {}) =>
  t.request<{ expiredMinutes: number }>('POST', FORGOT_PATH, undefined, {
    rawBody: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });

describe('POST /wps/member/password (change)', () => {
  it("changes the password, ends the member's other sessions and keeps this one", async () => {
    const other = await logIn();
    const current = await logIn();
    const newPassword = nextPassword();
    await t.db.updateTable('members').set({ password_must_change: true }).where('username', '=', 'player01').execute();
    const res = await t.sealed(
      'POST',
      CHANGE_PATH,
      { oldPassword: password, newPassword, confirmNewPassword: newPassword },
      { headers: headersOf(current) },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, value: null });
    password = newPassword;

    expect((await memberInfo(t, headersOf(current))).status).toBe(200);
    expect((await memberInfo(t, headersOf(other))).status).toBe(401);
    const row = await t.db
      .selectFrom('members')
      .select(['password_hash', 'password_must_change', 'password_changed_at'])
      .where('username', '=', 'player01')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_must_change).toBe(false);
    expect(Date.now() - row.password_changed_at.getTime()).toBeLessThan(60_000);
    expect((await logIn(DEMO_PLAYER.password)).status).toBe(401);
    const again = await logIn();
    expect(again.status).toBe(200);
    expect(again.body.value.passwordExpired).toBe(false);
  });

  it('checks the old password, the rules, the confirmation and that the password changes', async () => {
    const session = headersOf(await logIn());
    const change = (body: Record<string, unknown>, language = 'en') =>
      t.sealed('POST', CHANGE_PATH, body, { headers: { ...session, Language: language } });

    const wrongOld = await change(
      { oldPassword: 'Nope@1234', newPassword: 'Other@2026', confirmNewPassword: 'Other@2026' },
      'bn',
    );
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.code).toBe('password.wrong_old');
    expect(fieldsOf(wrongOld)).toEqual([{ field: 'oldPassword', message: 'বর্তমান পাসওয়ার্ড সঠিক নয়।' }]);

    const short = await change({ oldPassword: password, newPassword: 'ab', confirmNewPassword: 'ab' });
    expect(fieldsOf(short)).toEqual([
      { field: 'newPassword', message: 'Use English letters, digits and symbols; 8 to 20 characters.' },
    ]);
    const mismatch = await change({
      oldPassword: password,
      newPassword: 'Other@2026',
      confirmNewPassword: 'Other@2027',
    });
    expect(fieldsOf(mismatch)).toEqual([{ field: 'confirmNewPassword', message: 'The two passwords do not match.' }]);
    const same = await change({ oldPassword: password, newPassword: password, confirmNewPassword: password });
    expect(fieldsOf(same)).toEqual([
      { field: 'newPassword', message: 'The new password must differ from the current one.' },
    ]);
    const empty = await change({ oldPassword: '', newPassword: '' });
    expect(fieldsOf(empty).map((f) => f.field)).toEqual(['oldPassword', 'newPassword']);
    expect((await logIn()).status).toBe(200);
  });

  it('refuses a caller without a session, and wrong old passwords past 5 in 15 minutes', async () => {
    const anonymous = await t.sealed('POST', CHANGE_PATH, { oldPassword: password, newPassword: 'Other@2026' });
    expect(anonymous.status).toBe(401);
    const session = headersOf(await logIn());
    for (let i = 0; i < 5; i++) {
      const res = await t.sealed(
        'POST',
        CHANGE_PATH,
        { oldPassword: `Wrong@${i}000`, newPassword: 'Other@2026' },
        { headers: session },
      );
      expect(res.body.code).toBe('password.wrong_old');
    }
    const blocked = await t.sealed(
      'POST',
      CHANGE_PATH,
      { oldPassword: password, newPassword: 'Other@2026' },
      { headers: session },
    );
    expect(blocked.status).toBe(429);
  });
});

describe('forgot and reset by e-mail', () => {
  it('answers the same whether or not the username and e-mail match, and mails only when they do', async () => {
    const wrongPair = await forgot(`username=player01&email=${encodeURIComponent('someone@example.com')}`);
    const unknown = await forgot(`username=nobody99&email=${encodeURIComponent(EMAIL)}`);
    const right = await forgot(`username=PLAYER01&email=${encodeURIComponent('Player01@Example.com')}`);
    for (const res of [wrongPair, unknown, right])
      expect(res.body).toEqual({ success: true, value: { expiredMinutes: 5 } });
    expect(await outbox(t, 'someone@example.com')).toEqual([]);
    expect(await outbox(t, EMAIL)).toHaveLength(1);
    expect(await t.db.selectFrom('verification_codes').select('purpose').execute()).toEqual([
      { purpose: 'email-reset' },
    ]);
    // A resend within the minute is answered alike but mails nothing more.
    expect((await forgot(`username=player01&email=${encodeURIComponent(EMAIL)}`)).status).toBe(200);
    expect(await outbox(t, EMAIL)).toHaveLength(1);
  });

  it('takes a form body (JSON as well), and names missing or malformed fields', async () => {
    const json = await t.request('POST', FORGOT_PATH, { username: 'nobody99', email: EMAIL });
    expect(json.body).toEqual({ success: true, value: { expiredMinutes: 5 } });
    const empty = await forgot('username=&email=not-an-address');
    expect(empty.status).toBe(400);
    expect(fieldsOf(empty).map((f) => f.field)).toEqual(['username', 'email']);
    // A form body is accepted by this call only.
    const elsewhere = await t.request('POST', SMS_LOGIN_CODE_PATH, undefined, {
      rawBody: 'mobileNum=01700000001',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(elsewhere.status).toBe(415);
  });

  it('resets the password with the mailed code, ends every session and logs in', async () => {
    const old = await logIn();
    await forgot(`username=player01&email=${encodeURIComponent(EMAIL)}`);
    const code = await latestCode(t, EMAIL);
    const newPassword = nextPassword();
    const wrong = await t.sealed('POST', RESET_EMAIL_PATH, {
      username: 'player01',
      verificationCode: code === '000000' ? '111111' : '000000',
      newPassword,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('password.reset_code_invalid');
    expect(fieldsOf(wrong)[0]!.field).toBe('verificationCode');

    const res = await t.sealed<MemberSession>('POST', RESET_EMAIL_PATH, {
      username: 'player01',
      verificationCode: code,
      newPassword,
      confirmNewPassword: newPassword,
    });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ account: 'player01', passwordExpired: false });
    password = newPassword;
    expect((await memberInfo(t, headersOf(old))).status).toBe(401);
    expect((await memberInfo(t, headersOf(res))).status).toBe(200);
    expect((await logIn()).status).toBe(200);
    // Single use.
    const reused = await t.sealed('POST', RESET_EMAIL_PATH, {
      username: 'player01',
      verificationCode: code,
      newPassword: nextPassword(),
    });
    expect(reused.body.code).toBe('password.reset_code_invalid');
  });

  it('refuses an unknown username like a wrong code', async () => {
    const res = await t.sealed('POST', RESET_EMAIL_PATH, {
      username: 'nobody99',
      verificationCode: '123456',
      newPassword: 'Other@2026',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('password.reset_code_invalid');
  });
});

describe('POST /wps/member/password/verification (reset by phone)', () => {
  async function phoneCode() {
    expect((await requestCode(t, SMS_LOGIN_CODE_PATH, DEMO_PLAYER.mobile, { captcha: true, merchantId })).status).toBe(
      200,
    );
    return latestCode(t, DEMO_PLAYER.mobile);
  }
  const reset = (body: Record<string, unknown>) =>
    t.sealed<MemberSession>('POST', RESET_PHONE_PATH, {
      mobileNum: DEMO_PLAYER.mobile,
      countryDialingCode: '880',
      ...body,
    });

  it('sets the new password with the SMS code and logs in (§4)', async () => {
    const old = await logIn();
    const code = await phoneCode();
    const newPassword = nextPassword();
    const res = await reset({ verificationCode: code, newPassword, confirmNewPassword: newPassword });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ account: 'player01', passwordExpired: false });
    password = newPassword;
    expect((await memberInfo(t, headersOf(old))).status).toBe(401);
    expect((await logIn()).status).toBe(200);
    expect((await reset({ verificationCode: code, newPassword: nextPassword() })).body.code).toBe('sms.invalid_code');
  });

  it('refuses a wrong, expired or missing code, a bad number and a weak password, changing nothing', async () => {
    const code = await phoneCode();
    const wrong = await reset({ verificationCode: code === '000000' ? '111111' : '000000', newPassword: 'Other@2026' });
    expect(wrong.body.code).toBe('sms.invalid_code');
    expect(fieldsOf(wrong)[0]!.field).toBe('verificationCode');
    expect((await reset({ verificationCode: code, newPassword: 'ab' })).body.code).toBe('request.invalid');
    expect((await reset({ mobileNum: '123', verificationCode: code, newPassword: 'Other@2026' })).body.code).toBe(
      'sms.invalid_mobile',
    );
    await timePasses(t, 5 * 60 + 1);
    expect((await reset({ verificationCode: code, newPassword: 'Other@2026' })).body.code).toBe('sms.code_expired');
    expect((await logIn()).status).toBe(200);
  });

  it('is refused while CHNGPASSVERIF3 is off', async () => {
    await withSwitch(t, merchantId, 'CHNGPASSVERIF3', false, async () => {
      const res = await reset({ verificationCode: '123456', newPassword: 'Other@2026' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('system.feature_disabled');
    });
  });
});
