import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FieldError, MemberSession } from '@khela/contracts';
import { memberRepository } from '../../src/modules/members/repository.ts';
import { DEMO_AGENT } from '../../src/seed/accounts.ts';
import { startTestApp, wireVectors, type ApiResponse, type TestApp } from '../helpers/test-app.ts';
import { demoMerchantId, resetRateLimits, setSwitch, withSwitch } from '../support/helpers.ts';
import {
  freshMobile,
  latestCode,
  outbox,
  requestCode,
  SMS_REGISTER_CODE_PATH,
  timePasses,
} from '../verification/helpers.ts';
import { login, memberInfo, REGISTER_MOBILE_PATH, REGISTER_PATH, setRule, solvedCaptcha } from './helpers.ts';

let t: TestApp;
let merchantId: number;
beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
});
afterAll(() => t.close());
beforeEach(() => resetRateLimits(t));

let serial = 0;
/** A fresh, valid username-mode form by the demo rules. */
function form(extra: Record<string, unknown> = {}) {
  serial++;
  return {
    username: `rahim${serial}x${Date.now() % 100000}`,
    password: 'Rahim2026',
    confirmPassword: 'Rahim2026',
    payeeName: 'রহিম উদ্দিন',
    mobileNum: `0171${String(1_000_000 + serial * 7919 + (Date.now() % 100000)).slice(-7)}`,
    countryDialingCode: '880',
    registerMethod: 'WEB',
    login: true,
    ...extra,
  };
}

/**
 * The SMS code of a number as a person gets it (REGMOBVERF3 is on in the demo): the code call,
 * then the message in the outbox. Undefined when no code was sent (a taken or invalid number).
 */
async function registerCodeFor(mobile: unknown): Promise<string | undefined> {
  if (typeof mobile !== 'string' || !mobile) return undefined;
  const sent = await requestCode(t, SMS_REGISTER_CODE_PATH, mobile, { captcha: true, merchantId });
  return sent.status === 200 ? latestCode(t, mobile) : undefined;
}

async function register(
  body: Record<string, unknown>,
  options: {
    path?: string;
    language?: 'bn' | 'en';
    headers?: Record<string, string>;
    captcha?: boolean;
    /** false: send no SMS code. */
    smsCode?: boolean;
  } = {},
): Promise<ApiResponse<MemberSession>> {
  const captcha = options.captcha === false ? {} : await solvedCaptcha(t, merchantId);
  const verificationCode =
    options.smsCode === false || 'verificationCode' in body ? undefined : await registerCodeFor(body.mobileNum);
  return t.sealed<MemberSession>(
    'PUT',
    options.path ?? REGISTER_PATH,
    { ...captcha, ...(verificationCode && { verificationCode }), ...body },
    {
      headers: { Language: options.language ?? 'en', ...options.headers },
    },
  );
}

const fieldsOf = (res: ApiResponse<unknown>) => (res.body.value as { fields: FieldError[] }).fields;
const memberCount = async () =>
  (
    await t.db
      .selectFrom('members')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe('PUT /wps/member/register (username mode)', () => {
  it('creates the member, logs it in and keeps only an argon2id hash of the password', async () => {
    const body = form({ email: 'rahim@example.com', qqNum: '12345', unknownExtra: 'ignored' });
    const res = await register(body);
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({
      account: body.username,
      type: 0,
      isTrial: false,
      firstTimeLogin: true,
      passwordExpired: false,
    });
    expect((await memberInfo(t, { Authorization: res.body.value.token })).body.value.account).toBe(body.username);

    const row = await t.db
      .selectFrom('members')
      .selectAll()
      .where('id', '=', res.body.value.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row).toMatchObject({
      payee_name: 'রহিম উদ্দিন',
      email: 'rahim@example.com',
      mobile: body.mobileNum,
      country_dialing_code: '880',
      upline_id: null,
      register_ip: '127.0.0.1',
    });
    // qqNum's rule is disabled in the demo: its value is not kept.
    expect(row.profile).toEqual({});
    expect(await memberRepository(t.db).isUnder(row.id, row.id)).toBe(false);
    const tree = await t.db.selectFrom('member_tree').selectAll().where('descendant_id', '=', row.id).execute();
    expect(tree).toEqual([{ merchant_id: merchantId, ancestor_id: row.id, descendant_id: row.id, depth: 0 }]);

    // The new member can log in with the password it chose.
    expect((await login(t, { username: body.username, password: body.password })).status).toBe(200);
  });

  it('registers the second wire test vector once the captcha rule and SMS verification are off', async () => {
    await setRule(t, merchantId, 'captcha', { enabled: false });
    await setSwitch(t, merchantId, 'REGMOBVERF3', false);
    try {
      const vector = wireVectors.vectors.find((v) => v.name.startsWith('register'))!;
      const res = await t.request<MemberSession>('PUT', REGISTER_PATH, vector.body, { headers: vector.headers });
      expect(res.status).toBe(200);
      expect(res.body.value.account).toBe('rahim2026');
    } finally {
      await setRule(t, merchantId, 'captcha', { enabled: true });
      await setSwitch(t, merchantId, 'REGMOBVERF3', true);
    }
  });

  it('checks every field by the merchant rules at once, with min and max in the message', async () => {
    const before = await memberCount();
    const res = await register(
      form({ username: 'ab', password: 'short', confirmPassword: 'other', email: 'not-an-email', payeeName: 'one' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('request.invalid');
    const fields = Object.fromEntries(fieldsOf(res).map((f) => [f.field, f.message]));
    expect(Object.keys(fields).sort()).toEqual(['email', 'password', 'payeeName', 'username']);
    expect(fields.username).toBe('Use English letters and digits, starting with a letter; 6 to 16 characters.');
    expect(fields.password).toBe('Use English letters, digits and symbols; 8 to 20 characters.');
    expect(await memberCount()).toBe(before);
  });

  it('answers in Bengali with Bengali numerals, and names a missing field', async () => {
    const { username: _, ...withoutUsername } = form();
    const res = await register({ ...withoutUsername, mobileNum: '123' }, { language: 'bn' });
    expect(res.status).toBe(400);
    const fields = Object.fromEntries(fieldsOf(res).map((f) => [f.field, f.message]));
    expect(fields.username).toBe('এই ঘরটি খালি রাখা যাবে না।');
    expect(fields.mobileNum).toBe('সঠিক মোবাইল নম্বর দিন (01 এবং আরও নয়টি সংখ্যা); ১১ অক্ষর।');
  });

  it('requires confirmPassword to equal password', async () => {
    const res = await register(form({ confirmPassword: 'Rahim2027' }));
    expect(res.status).toBe(400);
    expect(fieldsOf(res).map((f) => f.field)).toEqual(['confirmPassword']);
  });

  it('requires an optional field once its rule says so, and skips a disabled one', async () => {
    await setRule(t, merchantId, 'email', { required: true });
    try {
      const res = await register(form());
      expect(fieldsOf(res)).toEqual([{ field: 'email', message: 'This field cannot be empty.' }]);
    } finally {
      await setRule(t, merchantId, 'email', { required: false });
    }
    await setRule(t, merchantId, 'email', { enabled: false });
    try {
      const res = await register(form({ email: 'not-an-email' }));
      expect(res.status).toBe(200);
    } finally {
      await setRule(t, merchantId, 'email', { enabled: true });
    }
  });

  it('wants the captcha when its rule is on, and keeps it for a form that fails its own checks', async () => {
    const missing = await register(form(), { captcha: false });
    expect(missing.body.code).toBe('captcha.required');
    const wrong = await register(
      { ...form(), ...(await solvedCaptcha(t, merchantId)), captcha: 'nope' },
      {
        captcha: false,
      },
    );
    expect(wrong.body.code).toBe('captcha.invalid');

    const captcha = await solvedCaptcha(t, merchantId);
    const invalidForm = await register({ ...form({ username: 'x' }), ...captcha }, { captcha: false });
    expect(invalidForm.body.code).toBe('request.invalid');
    const sameCaptcha = await register({ ...form(), ...captcha }, { captcha: false });
    expect(sameCaptcha.status).toBe(200);
  });

  it('refuses a username taken in any case, and a registered mobile number, with 409', async () => {
    const first = form();
    expect((await register(first)).status).toBe(200);
    const sameName = await register(form({ username: first.username.toUpperCase() }));
    expect(sameName.status).toBe(409);
    expect(sameName.body.code).toBe('member.already_registered');
    expect(fieldsOf(sameName)).toEqual([{ field: 'username', message: 'This username is already registered.' }]);
    // No code can be sent to a taken number; the duplicate is reported before any code is checked.
    const sameMobile = await register(form({ mobileNum: first.mobileNum, verificationCode: '000000' }));
    expect(sameMobile.status).toBe(409);
    expect(fieldsOf(sameMobile)[0]!.field).toBe('mobileNum');
  });

  it('is refused while USERNAMEREG3 is off', async () => {
    await setSwitch(t, merchantId, 'USERNAMEREG3', false);
    try {
      const res = await register(form());
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('system.feature_disabled');
    } finally {
      await setSwitch(t, merchantId, 'USERNAMEREG3', true);
    }
  });
});

describe('SMS verification on registration (REGMOBVERF3)', () => {
  const codeErrors = (res: ApiResponse<unknown>) => fieldsOf(res).filter((f) => f.field === 'verificationCode');

  it('requires the code of the number, with the other field errors', async () => {
    const before = await memberCount();
    const res = await register(form({ username: 'ab' }), { smsCode: false });
    expect(res.status).toBe(400);
    expect(
      fieldsOf(res)
        .map((f) => f.field)
        .sort(),
    ).toEqual(['username', 'verificationCode']);
    expect(codeErrors(res)[0]!.message).toBe('This field cannot be empty.');
    expect(await memberCount()).toBe(before);
  });

  it('refuses a wrong code, a code sent to another number, an expired code and a used one', async () => {
    const before = await memberCount();
    const body = form();
    const code = (await registerCodeFor(body.mobileNum))!;
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await register({ ...body, verificationCode: wrongCode }, { language: 'bn' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('sms.invalid_code');
    expect(codeErrors(wrong)).toEqual([{ field: 'verificationCode', message: 'অনুগ্রহ করে সঠিক যাচাইকরণ কোড দিন।' }]);

    const other = form();
    const otherCode = (await registerCodeFor(other.mobileNum))!;
    expect((await register({ ...body, verificationCode: otherCode })).body.code).toBe('sms.invalid_code');

    await timePasses(t, 5 * 60 + 1);
    const expired = await register({ ...body, verificationCode: code });
    expect(expired.body.code).toBe('sms.code_expired');
    expect(codeErrors(expired)[0]!.message).toBe('The verification code has expired, please send a new one.');
    expect(await memberCount()).toBe(before);

    const fresh = (await registerCodeFor(body.mobileNum))!;
    const ok = await register({ ...body, verificationCode: fresh });
    expect(ok.status).toBe(200);
    const row = await t.db
      .selectFrom('verification_codes')
      .select('consumed_at')
      .where('destination', '=', `+880${body.mobileNum.slice(1)}`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.consumed_at).not.toBeNull();
    // The code is spent with the member it created: a second form with it gets nowhere.
    const again = await register({ ...form(), mobileNum: freshMobile(), verificationCode: fresh });
    expect(again.body.code).toBe('sms.invalid_code');
  });

  it('kills a code after 5 wrong tries', async () => {
    const body = form();
    const code = (await registerCodeFor(body.mobileNum))!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await register({ ...body, verificationCode: wrongCode })).body.code).toBe('sms.invalid_code');
    }
    expect((await register({ ...body, verificationCode: code })).body.code).toBe('sms.invalid_code');
  });

  it('needs no code once REGMOBVERF3 is off', async () => {
    await setSwitch(t, merchantId, 'REGMOBVERF3', false);
    try {
      const body = form();
      const res = await register(body, { smsCode: false });
      expect(res.status).toBe(200);
      expect(await outbox(t, body.mobileNum)).toEqual([]);
    } finally {
      await setSwitch(t, merchantId, 'REGMOBVERF3', true);
    }
  });
});

describe('the upline hierarchy (closure table)', () => {
  const agentId = async () =>
    (
      await t.db
        .selectFrom('members')
        .select('id')
        .where('username', '=', DEMO_AGENT.username)
        .executeTakeFirstOrThrow()
    ).id;

  it('attaches a member registered with an affiliate code under that agent, in any case', async () => {
    const res = await register(form({ affiliateCode: DEMO_AGENT.affiliateCode.toLowerCase() }));
    expect(res.status).toBe(200);
    const agent = await agentId();
    const repo = memberRepository(t.db);
    expect(await repo.isUnder(res.body.value.id, agent)).toBe(true);
    expect(await repo.downlineIds(agent)).toContain(res.body.value.id);
    const row = await t.db
      .selectFrom('members')
      .select('upline_id')
      .where('id', '=', res.body.value.id)
      .executeTakeFirstOrThrow();
    expect(row.upline_id).toBe(agent);
  });

  it('keeps every ancestor at its depth through a chain of agents', async () => {
    const agent = await agentId();
    const subAgent = await register(form());
    const subCode = `SUB${serial}`;
    await t.db
      .updateTable('members')
      .set({ type: 2, affiliate_code: subCode })
      .where('id', '=', subAgent.body.value.id)
      .execute();
    // The sub-agent was registered without a code: put it under agent01 as an operator would.
    await sql`
      INSERT INTO member_tree (merchant_id, ancestor_id, descendant_id, depth)
      VALUES (${merchantId}, ${agent}, ${subAgent.body.value.id}, 1)
    `.execute(t.db);
    const player = await register(form({ affiliateCode: subCode }));
    expect(player.status).toBe(200);
    const depths = await t.db
      .selectFrom('member_tree')
      .select(['ancestor_id', 'depth'])
      .where('descendant_id', '=', player.body.value.id)
      .orderBy('depth')
      .execute();
    expect(depths).toEqual([
      { ancestor_id: player.body.value.id, depth: 0 },
      { ancestor_id: subAgent.body.value.id, depth: 1 },
      { ancestor_id: agent, depth: 2 },
    ]);
    const repo = memberRepository(t.db);
    expect(await repo.isUnder(player.body.value.id, agent)).toBe(true);
    expect(await repo.isUnder(agent, player.body.value.id)).toBe(false);
  });

  it("refuses a code that is not an active agent's, and creates nothing", async () => {
    const before = await memberCount();
    for (const affiliateCode of ['NOSUCH1', 'player01']) {
      const res = await register(form({ affiliateCode }));
      expect(res.status).toBe(400);
      expect(fieldsOf(res)).toEqual([{ field: 'affiliateCode', message: 'Invalid invitation code.' }]);
    }
    expect(await memberCount()).toBe(before);
  });

  it("attaches a member registered on an agent's domain under that agent", async () => {
    await t.db
      .insertInto('merchant_domains')
      .values({ merchant_id: merchantId, domain: 'agent01.khela.example', kind: 'agent', affiliate_code: 'AGENT01' })
      .execute();
    const res = await register(form(), { headers: { Host: 'agent01.khela.example' } });
    expect(res.status).toBe(200);
    expect(await memberRepository(t.db).isUnder(res.body.value.id, await agentId())).toBe(true);
  });
});

describe('PUT /wps/member/register/mobile', () => {
  it('makes the mobile number the log-in name', async () => {
    const body = form();
    const res = await register({ ...body, username: undefined }, { path: REGISTER_MOBILE_PATH });
    expect(res.status).toBe(200);
    expect(res.body.value.account).toBe(body.mobileNum);
    expect((await login(t, { username: body.mobileNum, password: body.password })).status).toBe(200);
  });

  it('requires the mobile number', async () => {
    const res = await register({ ...form(), mobileNum: '' }, { path: REGISTER_MOBILE_PATH });
    expect(res.status).toBe(400);
    expect(fieldsOf(res).map((f) => f.field)).toEqual(['mobileNum']);
  });

  it('refuses a number already registered, and is refused while MOBILENUMREG3 is off', async () => {
    const taken = await register(
      { ...form(), mobileNum: '01700000001', verificationCode: '000000' },
      { path: REGISTER_MOBILE_PATH },
    );
    expect(taken.status).toBe(409);
    expect(fieldsOf(taken)[0]!.field).toBe('mobileNum');
    await withSwitch(t, merchantId, 'MOBILENUMREG3', false, async () => {
      expect((await register(form(), { path: REGISTER_MOBILE_PATH })).body.code).toBe('system.feature_disabled');
    });
  });
});

describe('GET /wps/agent/affiliate', () => {
  it("succeeds only for an active agent's code of this merchant", async () => {
    expect((await t.get('/wps/agent/affiliate', { query: { code: 'AGENT01', domain: 'localhost' } })).body).toEqual({
      success: true,
      value: { valid: true },
    });
    expect((await t.get('/wps/agent/affiliate', { query: { code: 'agent01' } })).status).toBe(200);
    for (const code of ['NOPE', 'player01', '']) {
      const res = await t.get('/wps/agent/affiliate', { query: { code }, headers: { Language: 'bn' } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('member.invalid_affiliate');
      expect(res.body.message).toBe('আমন্ত্রণ কোডটি সঠিক নয়।');
    }
    await t.db.updateTable('members').set({ status: 'frozen' }).where('username', '=', 'agent01').execute();
    try {
      expect((await t.get('/wps/agent/affiliate', { query: { code: 'AGENT01' } })).status).toBe(400);
    } finally {
      await t.db.updateTable('members').set({ status: 'active' }).where('username', '=', 'agent01').execute();
    }
  });

  it("accepts a domain that carries an agent's code", async () => {
    await t.db
      .insertInto('merchant_domains')
      .values({ merchant_id: merchantId, domain: 'aff.khela.example', kind: 'agent', affiliate_code: 'AGENT01' })
      .execute();
    expect((await t.get('/wps/agent/affiliate', { query: { domain: 'https://aff.khela.example/' } })).status).toBe(200);
  });
});
