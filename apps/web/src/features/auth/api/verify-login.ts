import { memberEndpoints, type LoginVerificationMethod, type MemberSession } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';

/** §2 unrecognised-IP step: send the challenge's code to the account's mobile or e-mail. */
export async function sendLoginVerificationCode(challenge: string, method: 'sms' | 'email'): Promise<number> {
  return (await call(memberEndpoints.loginVerificationCode, { body: { challenge, method } })).expiredMinutes;
}

/** Answer the challenge (the code, or the payee name) (E); logs in. */
export function verifyLogin(body: {
  challenge: string;
  method: LoginVerificationMethod;
  answer: string;
}): Promise<MemberSession> {
  return call(memberEndpoints.loginVerify, { body });
}
