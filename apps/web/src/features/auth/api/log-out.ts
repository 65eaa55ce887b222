import { sessionEndpoints } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';

/** §7 `DELETE /wps/session/logout` (T): the server revokes the session. */
export function logOut(): Promise<null> {
  return call(sessionEndpoints.logout);
}
