import type { MemberInfo, MemberSession } from '@khela/contracts';
import { createCaptcha } from '../../src/modules/captcha/captcha-repository.ts';
import { DEMO_PLAYER } from '../../src/seed/accounts.ts';
import type { ApiResponse, RequestOptions, TestApp } from '../helpers/test-app.ts';

export const LOGIN_PATH = '/wps/session/login';
export const REGISTER_PATH = '/wps/member/register';
export const REGISTER_MOBILE_PATH = '/wps/member/register/mobile';

/** A captcha of the merchant whose answer the test knows, as the body fields a form sends. */
export async function solvedCaptcha(t: TestApp, merchantId: number): Promise<{ captchaId: string; captcha: string }> {
  return { captchaId: await createCaptcha(t.db, merchantId, 'ab12'), captcha: 'ab12' };
}

export function login(
  t: TestApp,
  body: Record<string, unknown>,
  options: RequestOptions = {},
): Promise<ApiResponse<MemberSession>> {
  return t.sealed<MemberSession>('POST', LOGIN_PATH, { type: 'username', captcha: '', ...body }, options);
}

/** Logs player01 in and returns the Authorization header of its session. */
export async function loginAsPlayer(t: TestApp, options: RequestOptions = {}): Promise<Record<string, string>> {
  const res = await login(t, { username: DEMO_PLAYER.username, password: DEMO_PLAYER.password }, options);
  if (res.status !== 200) throw new Error(`player log-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { Authorization: res.body.value.token };
}

/** Runs `run` while player01 must change its password (as after an operator reset), then clears it. */
export async function withForcedPasswordChange(t: TestApp, run: () => Promise<void>) {
  const player01 = t.db.updateTable('members').where('username', '=', DEMO_PLAYER.username);
  await player01.set({ password_must_change: true }).execute();
  try {
    await run();
  } finally {
    await player01.set({ password_must_change: false }).execute();
  }
}

export function memberInfo(t: TestApp, headers: Record<string, string>): Promise<ApiResponse<MemberInfo>> {
  return t.get<MemberInfo>('/wps/member/info', { headers });
}

export async function setRule(
  t: TestApp,
  merchantId: number,
  field: string,
  change: { enabled?: boolean; required?: boolean },
): Promise<void> {
  await t.db
    .updateTable('registration_rules')
    .set(change)
    .where('merchant_id', '=', merchantId)
    .where('field', '=', field)
    .execute();
}
