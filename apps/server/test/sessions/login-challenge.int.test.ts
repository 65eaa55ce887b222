import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LoginChallenge, MemberSession } from '@khela/contracts';
import { DEMO_PLAYER } from '../../src/seed/accounts.ts';
import { startTestApp, type ApiResponse, type TestApp } from '../helpers/test-app.ts';
import { login } from '../members/helpers.ts';
import { demoMerchantId, resetRateLimits, setSwitch, withSwitch } from '../support/helpers.ts';
import { latestCode, outbox } from '../verification/helpers.ts';

const CODE_PATH = '/wps/session/login/verification/code';
const VERIFY_PATH = '/wps/session/login/verification';

let t: TestApp;
let merchantId: number;
beforeAll(async () => {
  t = await startTestApp({ trustProxy: 1 });
  merchantId = await demoMerchantId(t);
  await setSwitch(t, merchantId, 'LOGINIPVERF3', true);
  await t.db
    .updateTable('members')
    .set({ email: 'player01@example.com', payee_name: 'Rahim  Uddin' })
    .where('username', '=', 'player01')
    .execute();
});
afterAll(() => t.close());
beforeEach(() => resetRateLimits(t));

const player = { username: DEMO_PLAYER.username, password: DEMO_PLAYER.password };
let ipSerial = 10;
const newIp = () => `192.0.2.${++ipSerial}`;
const from = (ip: string) => ({ headers: { 'X-Forwarded-For': ip } });

/** A log-in of player01 from `ip` that the unrecognised-IP step stops. */
async function challengedFrom(ip: string): Promise<LoginChallenge> {
  const res = await login(t, player, from(ip));
  expect(res.status).toBe(403);
  expect(res.body.code).toBe('auth.verification_required');
  return res.body.value as unknown as LoginChallenge;
}
const verify = (ip: string, body: Record<string, unknown>) =>
  t.sealed<MemberSession>('POST', VERIFY_PATH, body, from(ip)) as Promise<ApiResponse<MemberSession>>;
const sessionCount = async () => (await t.db.selectFrom('member_sessions').select('token_hash').execute()).length;

describe('unrecognised-IP verification (§2 LOGINIPVERF3)', () => {
  it('lets the very first log-in through, then challenges a new IP with the factors on file', async () => {
    const home = newIp();
    // player01 has never logged in on this fresh database: no IP is known, none is challenged.
    expect((await login(t, player, from(home))).status).toBe(200);
    expect((await login(t, player, from(home))).status).toBe(200);

    const sessionsBefore = await sessionCount();
    const challenge = await challengedFrom(newIp());
    expect(challenge).toMatchObject({
      methods: ['sms', 'email', 'payeeName'],
      mobile: '*******0001',
      email: 'p***@example.com',
    });
    expect(challenge.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await sessionCount()).toBe(sessionsBefore);
    const stored = await t.db.selectFrom('login_challenges').select('token_hash').execute();
    expect(stored.every((row) => !row.token_hash.toString('utf8').includes(challenge.challenge))).toBe(true);
  });

  it('logs in with the SMS code of the challenge and remembers the IP', async () => {
    const ip = newIp();
    const challenge = await challengedFrom(ip);
    const sent = await t.request('POST', CODE_PATH, { challenge: challenge.challenge, method: 'sms' }, from(ip));
    expect(sent.status).toBe(200);
    expect(sent.body.value).toEqual({ expiredMinutes: 5 });
    const code = await latestCode(t, DEMO_PLAYER.mobile);
    const res = await verify(ip, { challenge: challenge.challenge, method: 'sms', answer: code });
    expect(res.status).toBe(200);
    expect(res.body.value.account).toBe('player01');
    // The challenge is spent, and the IP is known from now on.
    expect((await verify(ip, { challenge: challenge.challenge, method: 'sms', answer: code })).body.code).toBe(
      'auth.challenge_invalid',
    );
    expect((await login(t, player, from(ip))).status).toBe(200);
  });

  it('logs in with the e-mailed code, or with the payee name in any case and spacing', async () => {
    const byMail = newIp();
    const first = await challengedFrom(byMail);
    await t.request('POST', CODE_PATH, { challenge: first.challenge, method: 'email' }, from(byMail));
    const [mail] = await outbox(t, 'player01@example.com');
    expect(mail!.subject).toContain('verification code');
    const code = await latestCode(t, 'player01@example.com');
    expect((await verify(byMail, { challenge: first.challenge, method: 'email', answer: code })).status).toBe(200);

    const byName = newIp();
    const second = await challengedFrom(byName);
    const res = await verify(byName, { challenge: second.challenge, method: 'payeeName', answer: '  rahim uddin ' });
    expect(res.status).toBe(200);
  });

  it('counts wrong answers and kills the challenge after 5', async () => {
    const ip = newIp();
    const challenge = await challengedFrom(ip);
    for (let left = 4; left >= 0; left--) {
      const res = await verify(ip, { challenge: challenge.challenge, method: 'payeeName', answer: 'Someone Else' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'auth.verification_failed', value: { attemptsLeft: left } });
    }
    const late = await verify(ip, { challenge: challenge.challenge, method: 'payeeName', answer: 'Rahim Uddin' });
    expect(late.status).toBe(401);
    expect(late.body.code).toBe('auth.challenge_invalid');
  });

  it('binds the challenge to its IP, and lets it expire', async () => {
    const ip = newIp();
    const challenge = await challengedFrom(ip);
    const elsewhere = await verify(newIp(), {
      challenge: challenge.challenge,
      method: 'payeeName',
      answer: 'Rahim Uddin',
    });
    expect(elsewhere.body.code).toBe('auth.challenge_invalid');
    await t.db
      .updateTable('login_challenges')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const expired = await verify(ip, { challenge: challenge.challenge, method: 'payeeName', answer: 'Rahim Uddin' });
    expect(expired.body.code).toBe('auth.challenge_invalid');
    const unknown = await t.request('POST', CODE_PATH, { challenge: 'x'.repeat(43), method: 'sms' }, from(ip));
    expect(unknown.body.code).toBe('auth.challenge_invalid');
  });

  it('does not challenge once LOGINIPVERF3 is off, nor a wrong password', async () => {
    const ip = newIp();
    expect((await login(t, { ...player, password: 'Wrong@123' }, from(ip))).body.code).toBe('auth.invalid_credentials');
    await withSwitch(t, merchantId, 'LOGINIPVERF3', false, async () => {
      expect((await login(t, player, from(ip))).status).toBe(200);
    });
  });
});
