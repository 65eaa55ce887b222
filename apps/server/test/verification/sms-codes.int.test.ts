import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FieldError } from '@khela/contracts';
import { DEMO_PLAYER } from '../../src/seed/accounts.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { solvedCaptcha } from '../members/helpers.ts';
import { demoMerchantId, resetRateLimits, withSwitch } from '../support/helpers.ts';
import {
  freshMobile,
  latestCode,
  outbox,
  requestCode,
  SMS_LOGIN_CODE_PATH,
  SMS_REGISTER_CODE_PATH,
  timePasses,
} from './helpers.ts';

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

/** Each test sends from its own address, so the per-IP captcha rule starts fresh. */
let ipSerial = 0;
const fromNewIp = () => ({ headers: { 'X-Forwarded-For': `203.0.113.${++ipSerial}` } });

const codeRows = (destination: string) =>
  t.db.selectFrom('verification_codes').selectAll().where('destination', '=', destination).orderBy('id').execute();

describe('POST /wps/verification/sms/noLogin', () => {
  it("sends a 6-digit code to a member's number, keeps only its hash, and answers expiredMinutes", async () => {
    const res = await requestCode(t, SMS_LOGIN_CODE_PATH, DEMO_PLAYER.mobile, fromNewIp());
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({ expiredMinutes: 5 });

    const [message] = await outbox(t, DEMO_PLAYER.mobile);
    expect(message).toMatchObject({ channel: 'sms', to: '+8801700000001' });
    expect(message!.body).toMatch(/Khela: your verification code is \d{6}\. It expires in 5 minutes/);
    const code = await latestCode(t, DEMO_PLAYER.mobile);

    const [row] = await codeRows('+8801700000001');
    expect(row).toMatchObject({ purpose: 'sms-login', channel: 'sms', attempts: 0, consumed_at: null });
    expect(row!.code_hash.length).toBe(32);
    expect(row!.code_hash.toString('hex')).not.toContain(code);
    const minutes = (row!.expires_at.getTime() - row!.created_at.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(5, 1);
    // The outbox lookup takes the international form too.
    expect((await outbox(t, '+8801700000001'))[0]!.id).toBe(message!.id);
  });

  it('writes the message in Bengali for a Bengali visitor', async () => {
    await requestCode(t, SMS_LOGIN_CODE_PATH, DEMO_PLAYER.mobile, {
      headers: { ...fromNewIp().headers, Language: 'bn' },
    });
    expect((await outbox(t, DEMO_PLAYER.mobile))[0]!.body).toMatch(/আপনার যাচাইকরণ কোড \d{6}। মেয়াদ ৫ মিনিট/);
  });

  it('refuses a number that is not registered, and counts the send against the throttle all the same', async () => {
    const mobile = freshMobile();
    const ip = fromNewIp();
    const first = await requestCode(t, SMS_LOGIN_CODE_PATH, mobile, ip);
    expect(first.status).toBe(400);
    expect(first.body.code).toBe('sms.not_registered');
    expect(await outbox(t, mobile)).toEqual([]);
    const again = await requestCode(t, SMS_LOGIN_CODE_PATH, mobile, fromNewIp());
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('sms.too_many_requests');
  });

  it('allows one send a minute and five in ten minutes per number, with the time to wait', async () => {
    expect((await requestCode(t, SMS_LOGIN_CODE_PATH, DEMO_PLAYER.mobile, fromNewIp())).status).toBe(200);
    const soon = await requestCode(t, SMS_LOGIN_CODE_PATH, DEMO_PLAYER.mobile, fromNewIp());
    expect(soon.status).toBe(429);
    expect(soon.body.code).toBe('sms.too_many_requests');
    expect(soon.body.message).toBe('Too many requests, please try again after 5 minutes.');
    const wait = (soon.body.value as unknown as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(60);

    for (let sent = 2; sent <= 5; sent++) {
      await timePasses(t, 61);
      expect((await requestCode(t, SMS_LOGIN_CODE_PATH, DEMO_PLAYER.mobile, fromNewIp())).status).toBe(200);
    }
    await timePasses(t, 61);
    const sixth = await requestCode(t, SMS_LOGIN_CODE_PATH, DEMO_PLAYER.mobile, fromNewIp());
    expect(sixth.status).toBe(429);
    // The first of the five was sent 5 × 61 s ago: it leaves the ten-minute window in about 5 minutes.
    const retryAfter = (sixth.body.value as unknown as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(retryAfter).toBeGreaterThan(290);
    expect(retryAfter).toBeLessThanOrEqual(295);
    await timePasses(t, retryAfter);
    expect((await requestCode(t, SMS_LOGIN_CODE_PATH, DEMO_PLAYER.mobile, fromNewIp())).status).toBe(200);
  });

  it('supersedes the open code with each new one', async () => {
    await requestCode(t, SMS_LOGIN_CODE_PATH, DEMO_PLAYER.mobile, fromNewIp());
    await timePasses(t, 61);
    await requestCode(t, SMS_LOGIN_CODE_PATH, DEMO_PLAYER.mobile, fromNewIp());
    const rows = await codeRows('+8801700000001');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.consumed_at).not.toBeNull();
    expect(rows[1]!.consumed_at).toBeNull();
  });

  it('asks one IP for the captcha after 3 sends (CAPTCHA3), and accepts a solved one', async () => {
    const ip = fromNewIp();
    for (let i = 0; i < 3; i++) {
      expect((await requestCode(t, SMS_LOGIN_CODE_PATH, freshMobile(), ip)).body.code).toBe('sms.not_registered');
    }
    const fourth = await requestCode(t, SMS_LOGIN_CODE_PATH, DEMO_PLAYER.mobile, ip);
    expect(fourth.status).toBe(400);
    expect(fourth.body).toMatchObject({ code: 'captcha.required', value: { captcha: true } });
    const wrong = await t.request(
      'POST',
      SMS_LOGIN_CODE_PATH,
      { mobileNum: DEMO_PLAYER.mobile, ...(await solvedCaptcha(t, merchantId)), captcha: 'zzzz' },
      ip,
    );
    expect(wrong.body).toMatchObject({ code: 'captcha.invalid', value: { captcha: true } });
    const solved = await requestCode(t, SMS_LOGIN_CODE_PATH, DEMO_PLAYER.mobile, { ...ip, captcha: true, merchantId });
    expect(solved.status).toBe(200);

    // Without CAPTCHA3 there is no captcha to ask for: the per-IP limit alone applies.
    await withSwitch(t, merchantId, 'CAPTCHA3', false, async () => {
      expect((await requestCode(t, SMS_LOGIN_CODE_PATH, freshMobile(), ip)).body.code).toBe('sms.not_registered');
    });
  });

  it('refuses one IP outright past 20 sends an hour', async () => {
    await withSwitch(t, merchantId, 'CAPTCHA3', false, async () => {
      const ip = fromNewIp();
      for (let i = 0; i < 20; i++) await requestCode(t, SMS_LOGIN_CODE_PATH, freshMobile(), ip);
      const res = await requestCode(t, SMS_LOGIN_CODE_PATH, DEMO_PLAYER.mobile, ip);
      expect(res.status).toBe(429);
      expect(res.body.code).toBe('request.rate_limited');
    });
  });

  it('refuses a missing or invalid number with sms.invalid_mobile, in the language asked', async () => {
    for (const mobileNum of ['', '12345', '0170000000x', '017000000011', '+8801700000001']) {
      const res = await t.request('POST', SMS_LOGIN_CODE_PATH, { mobileNum }, { headers: { Language: 'bn' } });
      expect(res.status, mobileNum).toBe(400);
      expect(res.body.code).toBe('sms.invalid_mobile');
      expect(res.body.message).toBe('অনুগ্রহ করে সঠিক মোবাইল নম্বর দিন।');
    }
    const unknownCountry = await t.request('POST', SMS_LOGIN_CODE_PATH, {
      mobileNum: DEMO_PLAYER.mobile,
      countryDialingCode: '999',
    });
    expect(unknownCountry.body.code).toBe('sms.invalid_mobile');
    expect(await codeRows('+8801700000001')).toEqual([]);
  });

  it("stops at the merchant's daily SMS quota", async () => {
    await sql`
      INSERT INTO verification_codes (merchant_id, purpose, channel, destination, code_hash, expires_at)
      SELECT ${merchantId}, 'sms-login', 'sms', '+880170000' || n, '\\x00', now() FROM generate_series(1, 1000) AS n
    `.execute(t.db);
    const sentBefore = (await outbox(t, DEMO_PLAYER.mobile)).length;
    const res = await requestCode(t, SMS_LOGIN_CODE_PATH, DEMO_PLAYER.mobile, fromNewIp());
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('sms.quota_exceeded');
    expect(await outbox(t, DEMO_PLAYER.mobile)).toHaveLength(sentBefore);
  });

  it('is refused while VERIFICATION3 is off', async () => {
    await withSwitch(t, merchantId, 'VERIFICATION3', false, async () => {
      const res = await requestCode(t, SMS_LOGIN_CODE_PATH, DEMO_PLAYER.mobile, fromNewIp());
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('system.feature_disabled');
    });
  });
});

describe('POST /wps/verification/sms/register', () => {
  it('sends a registration code to a free number', async () => {
    const mobile = freshMobile();
    const res = await requestCode(t, SMS_REGISTER_CODE_PATH, mobile, fromNewIp());
    expect(res.status).toBe(200);
    expect(res.body.value.expiredMinutes).toBe(5);
    expect(await latestCode(t, mobile)).toMatch(/^\d{6}$/);
    const [row] = await codeRows(`+880${mobile.slice(1)}`);
    expect(row!.purpose).toBe('register');
  });

  it('refuses a registered number with a field error on mobileNo', async () => {
    const res = await requestCode(t, SMS_REGISTER_CODE_PATH, DEMO_PLAYER.mobile, fromNewIp());
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('member.already_registered');
    expect((res.body.value as unknown as { fields: FieldError[] }).fields).toEqual([
      { field: 'mobileNo', message: 'This mobile number is already registered.' },
    ]);
    expect(await codeRows('+8801700000001')).toEqual([]);
  });

  it('is refused unless REGMOBVERF3 is on', async () => {
    await withSwitch(t, merchantId, 'REGMOBVERF3', false, async () => {
      const res = await requestCode(t, SMS_REGISTER_CODE_PATH, freshMobile(), fromNewIp());
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('system.feature_disabled');
    });
  });
});

describe('GET /dev/outbox', () => {
  it('lists newest first, at most 50, and refuses a missing address', async () => {
    await sql`
      INSERT INTO outbound_messages (merchant_id, channel, destination, body)
      SELECT ${merchantId}, 'email', 'many@example.com', 'message ' || n FROM generate_series(1, 60) AS n
    `.execute(t.db);
    const messages = await outbox(t, 'MANY@example.com');
    expect(messages).toHaveLength(50);
    expect(messages[0]!.body).toBe('message 60');
    expect((await t.get('/dev/outbox')).status).toBe(400);
    expect((await t.get('/dev/outbox', { query: { to: 'x\u0000' } })).status).toBe(400);
  });

  it('does not exist unless DEV_ENDPOINTS is on', async () => {
    const production = await startTestApp({ devEndpoints: false });
    try {
      const res = await production.get('/dev/outbox', { query: { to: DEMO_PLAYER.mobile } });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('request.not_found');
    } finally {
      await production.close();
    }
  });
});
