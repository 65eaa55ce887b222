import { memberEndpoints, type MemberSession, type RegisterBody } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';

/** §7 `PUT /wps/member/register` or `/register/mobile` (E): the §3 user; the answer is a session. */
export function register(mode: 'username' | 'mobile', body: RegisterBody): Promise<MemberSession> {
  return call(mode === 'mobile' ? memberEndpoints.registerMobile : memberEndpoints.register, { body });
}
