import { walletEndpoints, type QueryOf } from '@khela/contracts';
import { useMemberQuery } from '../../../lib/member-query.ts';

/** `GET /wps/member/inbox` (T): notifications, newest first, with the unread count. */
export function useInbox(token: string | null, query: QueryOf<typeof walletEndpoints.inbox> = {}) {
  return useMemberQuery(walletEndpoints.inbox, token, { query }, { placeholderData: (last) => last });
}
