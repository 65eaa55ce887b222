import { walletEndpoints, type BodyOf } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';

/** `POST /wps/member/inbox/read` (T): the given ids, or all. */
export function markRead(body: BodyOf<typeof walletEndpoints.inboxRead>) {
  return call(walletEndpoints.inboxRead, { body });
}
