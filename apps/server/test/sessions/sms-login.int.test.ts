import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_AGENT, DEMO_PLAYER } from '../../src/seed/accounts.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { login, memberInfo, withForcedPasswordChange } from '../members/helpers.ts';
import { demoMerchantId, resetRateLimits, withSwitch } from '../support/helpers.ts';
import { latestCode, requestCode, SMS_LOGIN_CODE_PATH, timePasses } from '../verification/helpers.ts';

let t: TestApp;
let merchantId: number;
beforeAll(async () => {
  t = await startTestApp({ trustProxy: 1 });
  merchantId = await demoMerchantId(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetRateLimits(t);
  await t.db.deleteFrom('verification_codes').execute();
});

/** A fresh SMS log-in code of player01, read from the outbox. */
async function codeForPlayer(): Promise<string> {
  const sent = await requestCode(t, SMS_LOGIN_CODE_PATH, DEMO_PLAYER.mobile, { captcha: true, merchantId });
  expect(sent.status).toBe(200);
  return latestCode(t, DEMO_PLAYER.mobile);
}
const smsLogin = (code: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  login(t, { username: DEMO_PLAYER.mobile, password: code, type: 'sms', ...extra }, { headers });
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

describe('POST /wps/session/login with type sms', () => {
  it('logs the member in with the code, once, and never asks for a password change (§4)', async () => {
    await withForcedPasswordChange(t, async () => {
      const code = await codeForPlayer();
      const res = await smsLogin(code);
      expect(res.status).toBe(200);
      expect(res.body.value).toMatchObject({ account: 'player01', passwordExpired: false });
      expect((await memberInfo(t, { Authorization: res.body.value.token })).status).toBe(200);
      // The password log-in still flags the forced change.
      const byPassword = await login(t, { username: 'player01', password: DEMO_PLAYER.password });
      expect(byPassword.body.value.passwordExpired).toBe(true);

      const reused = await smsLogin(code);
      expect(reused.status).toBe(400);
      expect(reused.body.code).toBe('sms.invalid_code');
    });
  });

  it('kills a code after 5 wrong tries, and counts wrong codes in the log-in throttle (captcha after 3)', async () => {
    const code = await codeForPlayer();
    const ip = { 'X-Forwarded-For': '198.51.100.40' };
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await smsLogin(otherThan(code), {}, ip));
    expect(answers.map((r) => r.body.code)).toEqual(['sms.invalid_code', 'sms.invalid_code', 'sms.invalid_code']);
    expect(answers[2]!.body.value).toEqual({ captcha: true });
    // The fourth try needs the captcha, like a password log-in.
    expect((await smsLogin(code, {}, ip)).body.code).toBe('captcha.required');

    await resetRateLimits(t);
    await smsLogin(otherThan(code), {}, { 'X-Forwarded-For': '198.51.100.41' });
    await smsLogin(otherThan(code), {}, { 'X-Forwarded-For': '198.51.100.42' });
    await resetRateLimits(t);
    // Five wrong answers in all: the right code is dead now.
    const late = await smsLogin(code, {}, { 'X-Forwarded-For': '198.51.100.43' });
    expect(late.body.code).toBe('sms.invalid_code');
  });

  it('refuses an expired code with sms.code_expired', async () => {
    const code = await codeForPlayer();
    await timePasses(t, 5 * 60 + 1);
    const res = await smsLogin(code);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('sms.code_expired');
  });

  it('keeps the §6 rules: an agent is refused on the member form', async () => {
    const agentMobile = '01700000002';
    await t.db
      .updateTable('members')
      .set({ mobile: agentMobile, country_dialing_code: '880' })
      .where('username', '=', DEMO_AGENT.username)
      .execute();
    const sent = await requestCode(t, SMS_LOGIN_CODE_PATH, agentMobile, { captcha: true, merchantId });
    expect(sent.status).toBe(200);
    const code = await latestCode(t, agentMobile);
    const res = await login(t, { username: agentMobile, password: code, type: 'sms' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('auth.not_member');
    const asAgent = await login(t, { username: agentMobile, password: code, type: 'sms', agent: true });
    expect(asAgent.status).toBe(200);
    expect(asAgent.body.value.isAgent).toBe(true);
  });

  it('refuses a missing or invalid number, and a missing code', async () => {
    const missing = await login(t, { username: DEMO_PLAYER.mobile, password: '', type: 'sms' });
    expect(missing.body.code).toBe('auth.credentials_required');
    const invalid = await login(t, { username: 'player01', password: '123456', type: 'sms' });
    expect(invalid.body.code).toBe('sms.invalid_mobile');
  });

  it('is refused while MOBILEVERCODELOGIN3 is off', async () => {
    const code = await codeForPlayer();
    await withSwitch(t, merchantId, 'MOBILEVERCODELOGIN3', false, async () => {
      const res = await smsLogin(code);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('system.feature_disabled');
    });
  });
});
