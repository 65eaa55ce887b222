import { memberEndpoints, type MemberSession } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';

/** §7 `POST /wps/member/password/email` (form): mails a reset code when username and e-mail match. */
export function requestEmailReset(body: { username: string; email: string }) {
  return call(memberEndpoints.forgotPasswordEmail, { body });
}

/** The mailed code and a new password (E); logs in. */
export function resetPasswordByEmail(body: {
  username: string;
  verificationCode: string;
  newPassword: string;
  confirmNewPassword: string;
}): Promise<MemberSession> {
  return call(memberEndpoints.resetPasswordEmail, { body });
}

/** §7 `POST /wps/member/password/verification` (E): mobile, SMS code, new password; logs in (§4). */
export function resetPasswordByPhone(body: {
  mobileNum: string;
  verificationCode: string;
  newPassword: string;
  confirmNewPassword: string;
}): Promise<MemberSession> {
  return call(memberEndpoints.resetPasswordPhone, { body });
}
