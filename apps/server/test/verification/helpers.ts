import { sql } from 'kysely';
import { solvedCaptcha } from '../members/helpers.ts';
import type { ApiResponse, RequestOptions, TestApp } from '../helpers/test-app.ts';

export const SMS_LOGIN_CODE_PATH = '/wps/verification/sms/noLogin';
export const SMS_REGISTER_CODE_PATH = '/wps/verification/sms/register';

export interface OutboxMessage {
  id: number;
  channel: 'sms' | 'email';
  to: string;
  subject: string | null;
  body: string;
  createdAt: string;
}

/** What the outbox providers "sent" to a mobile (bare, national) or an e-mail address, newest first. */
export async function outbox(t: TestApp, to: string): Promise<OutboxMessage[]> {
  const res = await t.get<OutboxMessage[]>('/dev/outbox', { query: { to } });
  if (res.status !== 200) throw new Error(`outbox: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.value;
}

/** The 6-digit code of the newest message to `to`, read as a person reads the SMS. */
export async function latestCode(t: TestApp, to: string): Promise<string> {
  const [message] = await outbox(t, to);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

/** POST a code request; `captcha: true` adds a solved captcha as a form that shows one does. */
export async function requestCode(
  t: TestApp,
  path: typeof SMS_LOGIN_CODE_PATH | typeof SMS_REGISTER_CODE_PATH,
  mobile: string,
  options: RequestOptions & { captcha?: boolean; merchantId?: number } = {},
): Promise<ApiResponse<{ expiredMinutes: number }>> {
  const field = path === SMS_LOGIN_CODE_PATH ? 'mobileNum' : 'mobileNo';
  const captcha = options.captcha && options.merchantId ? await solvedCaptcha(t, options.merchantId) : {};
  return t.request('POST', path, { [field]: mobile, countryDialingCode: '880', ...captcha }, options);
}

/** Moves every recorded send and code of the past back in time, as if `seconds` had passed. */
export async function timePasses(t: TestApp, seconds: number): Promise<void> {
  await sql`UPDATE throttles SET hits = ARRAY(SELECT h - make_interval(secs => ${seconds}) FROM unnest(hits) h)
    WHERE key LIKE 'code-sent:%'`.execute(t.db);
  await sql`UPDATE verification_codes SET created_at = created_at - make_interval(secs => ${seconds}),
    expires_at = expires_at - make_interval(secs => ${seconds})`.execute(t.db);
}

/** A mobile number no member has, by the demo rule (01 and nine digits), different on each call. */
let serial = 0;
export function freshMobile(): string {
  serial++;
  return `019${String((Date.now() * 7 + serial * 104_729 + Math.floor(Math.random() * 1e6)) % 100_000_000).padStart(8, '0')}`;
}
