import { walletEndpoints } from '@khela/contracts';
import { useMemberQuery } from '../../../lib/member-query.ts';

/** `GET /wps/relay/CSP_unreadCount` (T, INBOX3): the unread messages behind the header and menu badges. */
export function useUnreadCount(token: string | null, enabled = true) {
  return useMemberQuery(walletEndpoints.inboxUnread, token, {}, { enabled, placeholderData: (last) => last });
}
