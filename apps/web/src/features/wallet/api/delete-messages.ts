import { walletEndpoints } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';

/** `POST /wps/member/inbox/delete` (T): the member's own messages only. */
export function deleteMessages(ids: string[]) {
  return call(walletEndpoints.inboxDelete, { body: { ids } });
}
