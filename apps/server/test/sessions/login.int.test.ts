import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { errorMessage, type MemberSession } from '@khela/contracts';
import { DEMO_AGENT, DEMO_PLAYER } from '../../src/seed/accounts.ts';
import { startTestApp, wireVectors, type TestApp } from '../helpers/test-app.ts';
import { LOGIN_PATH, login, memberInfo, solvedCaptcha, withForcedPasswordChange } from '../members/helpers.ts';
import { demoMerchantId, resetRateLimits, setSwitch, withSwitch } from '../support/helpers.ts';

let t: TestApp;
let merchantId: number;
beforeAll(async () => {
  t = await startTestApp({ trustProxy: 1 });
  merchantId = await demoMerchantId(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetRateLimits(t);
  await setSwitch(t, merchantId, 'CAPTCHA3', true);
});

const player = { username: DEMO_PLAYER.username, password: DEMO_PLAYER.password };
const from = (ip: string) => ({ headers: { 'X-Forwarded-For': ip } });

describe('POST /wps/session/login', () => {
  it('logs player01 in from the first wire test vector, sealed as the browser sends it', async () => {
    const vector = wireVectors.vectors.find((v) => v.name === 'login by username')!;
    const res = await t.request<MemberSession>('POST', LOGIN_PATH, vector.body, { headers: vector.headers });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({
      account: 'player01',
      userName: 'player01',
      nickname: 'Player 01',
      type: 0,
      isAgent: false,
      isTrial: false,
      passwordExpired: false,
      merchantCode: 'khela',
    });
    expect(res.body.value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers each log-in with a new token, stores only its SHA-256, and reports the previous log-in', async () => {
    await t.db
      .updateTable('members')
      .set({ last_login_at: null, last_login_ip: null, previous_login_at: null, previous_login_ip: null })
      .where('username', '=', 'player01')
      .execute();
    const first = await login(t, player, from('198.51.100.7'));
    expect(first.body.value.firstTimeLogin).toBe(true);
    expect(first.body.value.previousLoginAt).toBeNull();
    const second = await login(t, { ...player, username: 'PLAYER01' }, from('198.51.100.8'));
    expect(second.status).toBe(200);
    expect(second.body.value.firstTimeLogin).toBe(false);
    expect(second.body.value.previousLoginIp).toBe('198.51.100.7');
    expect(second.body.value.previousLoginAt).not.toBeNull();
    expect(second.body.value.token).not.toBe(first.body.value.token);

    const stored = await t.db
      .selectFrom('member_sessions')
      .select(['token_hash', 'ip'])
      .where('token_hash', '=', createHash('sha256').update(second.body.value.token).digest())
      .executeTakeFirstOrThrow();
    expect(stored.ip).toBe('198.51.100.8');
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM member_sessions WHERE encode(token_hash, 'escape') LIKE ${`%${second.body.value.token}%`}
    `.execute(t.db);
    expect(rows[0]!.n).toBe(0);

    // Both sessions are live: each log-in has its own.
    expect((await memberInfo(t, { Authorization: first.body.value.token })).status).toBe(200);
    const info = await memberInfo(t, { Authorization: second.body.value.token });
    expect(info.body.value.previousLoginIp).toBe('198.51.100.7');
  });

  it('refuses a plaintext body: the call is E', async () => {
    const res = await t.request('POST', LOGIN_PATH, player);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('request.encryption_required');
  });

  it('asks for username and password in the language of the request', async () => {
    const res = await login(t, { username: ' ', password: '' }, { headers: { Language: 'bn' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('auth.credentials_required');
    expect(res.body.message).toBe(errorMessage('auth.credentials_required', 'bn'));
    expect((res.body.value as unknown as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual([
      'username',
      'password',
    ]);
  });

  it('answers a wrong password and an unknown username alike', async () => {
    const wrong = await login(t, { ...player, password: 'Wrong@123' });
    const unknown = await login(t, { username: 'nobody99', password: 'Wrong@123' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('auth.invalid_credentials');
      expect(res.body.value).toBeNull();
    }
  });

  it('refuses SMS log-in while MOBILEVERCODELOGIN3 is off (the SMS flow: sessions/sms-login.int.test.ts)', async () => {
    await withSwitch(t, merchantId, 'MOBILEVERCODELOGIN3', false, async () => {
      const res = await login(t, { username: '01700000001', password: '123456', type: 'sms' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('system.feature_disabled');
    });
  });
});

describe('captcha after 3 failures (§4)', () => {
  it('flags the third failure of an account, then wants a captcha, even with the right password', async () => {
    const attacker = from('203.0.113.50');
    expect((await login(t, { ...player, password: 'Wrong@1' }, attacker)).body.value).toBeNull();
    expect((await login(t, { ...player, password: 'Wrong@2' }, from('203.0.113.51'))).body.value).toBeNull();
    const third = await login(t, { ...player, password: 'Wrong@3' }, from('203.0.113.52'));
    expect(third.body.code).toBe('auth.invalid_credentials');
    expect(third.body.value).toEqual({ captcha: true });

    const owner = from('198.51.100.20');
    const withoutCaptcha = await login(t, player, owner);
    expect(withoutCaptcha.status).toBe(400);
    expect(withoutCaptcha.body.code).toBe('captcha.required');
    expect(withoutCaptcha.body.value).toEqual({ captcha: true });

    const wrongAnswer = await login(t, { ...player, ...(await solvedCaptcha(t, merchantId)), captcha: 'zzzz' }, owner);
    expect(wrongAnswer.body.code).toBe('captcha.invalid');
    expect(wrongAnswer.body.value).toEqual({ captcha: true });

    const withCaptcha = await login(t, { ...player, ...(await solvedCaptcha(t, merchantId)) }, owner);
    expect(withCaptcha.status).toBe(200);
  });

  it('counts failures per IP too: a fourth username from the same IP needs a captcha', async () => {
    const ip = from('203.0.113.60');
    for (const username of ['ghost01', 'ghost02', 'ghost03']) {
      await login(t, { username, password: 'Wrong@123' }, ip);
    }
    const res = await login(t, player, ip);
    expect(res.body.code).toBe('captcha.required');
    // Another IP is not affected.
    expect((await login(t, player, from('198.51.100.61'))).status).toBe(200);
  });

  it('without captchas (CAPTCHA3 off) stops one IP after 5 failures on an account, not the owner elsewhere', async () => {
    await setSwitch(t, merchantId, 'CAPTCHA3', false);
    const attacker = from('203.0.113.70');
    for (let i = 0; i < 5; i++) {
      const res = await login(t, { ...player, password: `Wrong@${i}` }, attacker);
      expect(res.body.code).toBe('auth.invalid_credentials');
      expect(res.body.value).toBeNull();
    }
    const stopped = await login(t, player, attacker);
    expect(stopped.status).toBe(429);
    expect(stopped.body.code).toBe('request.rate_limited');
    expect((await login(t, player, from('198.51.100.71'))).status).toBe(200);
  });
});

describe('who may log in where (§6)', () => {
  it('refuses an agent on the member form and admits it on the agent form', async () => {
    const agent = { username: DEMO_AGENT.username, password: DEMO_AGENT.password };
    const onMemberForm = await login(t, agent, { headers: { Language: 'bn' } });
    expect(onMemberForm.status).toBe(403);
    expect(onMemberForm.body.code).toBe('auth.not_member');
    expect(onMemberForm.body.message).toBe('সদস্য নয় এমন অ্যাকাউন্ট দিয়ে লগ ইন করা যাবে না');
    // The flag the player site points the agent to the agent centre's log-in by.
    expect(onMemberForm.body.value).toEqual({ agent: true });

    const onAgentForm = await login(t, { ...agent, agent: true });
    expect(onAgentForm.status).toBe(200);
    expect(onAgentForm.body.value).toMatchObject({ type: 1, isAgent: true, affiliateCode: DEMO_AGENT.affiliateCode });
  });

  it('refuses a member on the agent form', async () => {
    const res = await login(t, { ...player, agent: true });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('auth.not_agent');
  });

  it('sends a frozen account to its agent', async () => {
    await t.db.updateTable('members').set({ status: 'frozen' }).where('username', '=', 'player01').execute();
    try {
      const res = await login(t, player);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('auth.contact_agent');
    } finally {
      await t.db.updateTable('members').set({ status: 'active' }).where('username', '=', 'player01').execute();
    }
  });
});

describe('forced password change (§4)', () => {
  it('flags a password the operator reset to the default', async () => {
    await withForcedPasswordChange(t, async () => {
      expect((await login(t, player)).body.value.passwordExpired).toBe(true);
    });
  });

  it('flags an old password only while PWDEXPFORCECHANGE3 is on', async () => {
    await t.db
      .updateTable('members')
      .set({ password_changed_at: sql<Date>`now() - interval '200 days'` })
      .where('username', '=', 'player01')
      .execute();
    try {
      await setSwitch(t, merchantId, 'PWDEXPFORCECHANGE3', false);
      expect((await login(t, player)).body.value.passwordExpired).toBe(false);
      await setSwitch(t, merchantId, 'PWDEXPFORCECHANGE3', true);
      expect((await login(t, player)).body.value.passwordExpired).toBe(true);
    } finally {
      await setSwitch(t, merchantId, 'PWDEXPFORCECHANGE3', false);
      await t.db
        .updateTable('members')
        .set({ password_changed_at: sql<Date>`now()` })
        .where('username', '=', 'player01')
        .execute();
    }
  });
});
