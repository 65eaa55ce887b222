import { memberEndpoints, type LoginBody, type MemberSession } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';

/** §7 `POST /wps/session/login` (E): username + password, or mobile + SMS code (`type: 'sms'`). */
export function logIn(body: LoginBody): Promise<MemberSession> {
  return call(memberEndpoints.login, { body });
}
