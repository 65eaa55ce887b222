import { memberEndpoints } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';

/** §7 `POST /wps/member/password` (T, E): old, new and confirmation (§5). */
export function changePassword(body: {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}): Promise<null> {
  return call(memberEndpoints.changePassword, { body });
}
