import { endpoints, type QueryOf } from '@khela/contracts';
import { useMemberQuery } from '../../../lib/member-query.ts';

/** `GET /wps/member/inbox` (T): notifications, newest first, with the unread count. */
export function useInbox(token: string | null, query: QueryOf<typeof endpoints.wallet.inbox> = {}) {
  return useMemberQuery(endpoints.wallet.inbox, token, { query }, { placeholderData: (last) => last });
}
