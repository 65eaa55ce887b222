import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { errorMessage, isErrorCode } from '@khela/contracts';
import { DEMO_PLAYER } from '../../src/seed/accounts.ts';
import { loginAsAdmin } from '../helpers/admin.ts';
import { BAD_TEXTS, WRONG_TYPES } from '../bad-input/payloads.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { loginAsPlayer } from '../members/helpers.ts';
import { demoMerchantId, resetRateLimits, setSwitch } from '../support/helpers.ts';

/**
 * Issue 4 bad input on the verification and password calls: every field, one at a time, with
 * wrong types, empty, overlong, unicode, SQL and HTML values on an otherwise plausible body. Each
 * answer is a 4xx with a known code in the request's language (bn); no code, message, challenge,
 * session or password changes.
 */
let t: TestApp;
let member: Record<string, string>;
let operator: Record<string, string>;
beforeAll(async () => {
  t = await startTestApp();
  await setSwitch(t, await demoMerchantId(t), 'LOGINIPVERF3', true);
  member = await loginAsPlayer(t);
  operator = await loginAsAdmin(t);
});
afterAll(() => t.close());

async function fingerprint() {
  const { rows } = await sql<{ print: string }>`
    SELECT concat_ws('|',
      (SELECT count(*) FROM verification_codes),
      (SELECT count(*) FROM outbound_messages),
      (SELECT count(*) FROM login_challenges),
      (SELECT count(*) FROM member_sessions WHERE revoked_at IS NULL),
      (SELECT md5(string_agg(password_hash || password_must_change::text, ',' ORDER BY id)) FROM members)
    ) AS print
  `.execute(t.db);
  return rows[0]!.print;
}

interface Call {
  method: string;
  path: string;
  sealed?: boolean;
  form?: boolean;
  headers?: () => Record<string, string>;
  body: Record<string, unknown>;
}

const CALLS: Call[] = [
  {
    method: 'POST',
    path: '/wps/verification/sms/noLogin',
    body: { mobileNum: '01712345678', countryDialingCode: '880' },
  },
  {
    method: 'POST',
    path: '/wps/verification/sms/register',
    body: { mobileNo: DEMO_PLAYER.mobile, countryDialingCode: '880' },
  },
  { method: 'POST', path: '/wps/session/login/verification/code', body: { challenge: 'x'.repeat(43), method: 'sms' } },
  {
    method: 'POST',
    path: '/wps/session/login/verification',
    sealed: true,
    body: { challenge: 'x'.repeat(43), method: 'payeeName', answer: 'Rahim Uddin' },
  },
  {
    method: 'POST',
    path: '/wps/member/password',
    sealed: true,
    headers: () => member,
    body: { oldPassword: 'Wrong@1234', newPassword: 'Other@2026', confirmNewPassword: 'Other@2026' },
  },
  {
    method: 'POST',
    path: '/wps/member/password/email',
    form: true,
    body: { username: 'player01', email: 'x@example.com' },
  },
  {
    method: 'POST',
    path: '/wps/member/password/email/reset',
    sealed: true,
    body: { username: 'player01', verificationCode: '123456', newPassword: 'Other@2026' },
  },
  {
    method: 'POST',
    path: '/wps/member/password/verification',
    sealed: true,
    body: { mobileNum: DEMO_PLAYER.mobile, verificationCode: '123456', newPassword: 'Other@2026' },
  },
];

function send(call: Call, body: Record<string, unknown>) {
  const headers = { Language: 'bn', ...call.headers?.() };
  if (call.sealed) return t.sealed(call.method, call.path, body, { headers });
  if (call.form) {
    const form = new URLSearchParams(
      Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    ).toString();
    return t.request(call.method, call.path, undefined, {
      rawBody: form,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    });
  }
  return t.request(call.method, call.path, body, { headers });
}

describe.each(CALLS)('$method $path', (call) => {
  it.each(Object.keys(call.body))('refuses bad values of %s in Bengali and changes nothing', async (field) => {
    const before = await fingerprint();
    for (const value of [...(call.form ? [] : WRONG_TYPES), ...BAD_TEXTS]) {
      await resetRateLimits(t);
      const res = await send(call, { ...call.body, [field]: value });
      const where = `${field}=${JSON.stringify(value)?.slice(0, 40)}`;
      // The forgot-by-e-mail answer is the same for every well-formed pair (no probing).
      if (call.form && res.status === 200) continue;
      expect(res.status, where).toBeGreaterThanOrEqual(400);
      expect(res.status, where).toBeLessThan(500);
      const code = String(res.body.code);
      expect(isErrorCode(code), `${where}: ${code}`).toBe(true);
      if (isErrorCode(code)) expect(res.body.message, where).toBe(errorMessage(code, 'bn'));
    }
    expect(await fingerprint()).toBe(before);
  });
});

describe('operator member calls', () => {
  it('refuses bad ids and queries with a 4xx and changes nothing', async () => {
    const before = await fingerprint();
    for (const id of ["1' OR 1=1 --", '-1', '0', '1.5', '99999999999999999999', '<b>', 'আমি']) {
      const res = await t.request('POST', `/admin/members/${encodeURIComponent(id)}/password/reset`, undefined, {
        headers: operator,
      });
      expect(res.status, id).toBeGreaterThanOrEqual(400);
      expect(res.status, id).toBeLessThan(500);
    }
    for (const username of ['x'.repeat(100), '\u0000']) {
      const res = await t.get('/admin/members', { query: { username }, headers: operator });
      expect(res.status).toBe(400);
    }
    const injected = await t.get<unknown[]>('/admin/members', {
      query: { username: "' OR 1=1 --" },
      headers: operator,
    });
    expect(injected.body.value).toEqual([]);
    expect(await fingerprint()).toBe(before);
  });
});
