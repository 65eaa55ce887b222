import { memberEndpoints } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';

/**
 * §7 SMS codes: `/wps/verification/sms/noLogin` (log-in and password reset, `mobileNum`) and
 * `/wps/verification/sms/register` (sign-up, `mobileNo`). Resolves with expiredMinutes (§4 countdown).
 */
export async function sendLoginSmsCode(mobileNum: string): Promise<number> {
  return (await call(memberEndpoints.smsLoginCode, { body: { mobileNum } })).expiredMinutes;
}

export async function sendRegisterSmsCode(mobileNo: string): Promise<number> {
  return (await call(memberEndpoints.smsRegisterCode, { body: { mobileNo } })).expiredMinutes;
}
