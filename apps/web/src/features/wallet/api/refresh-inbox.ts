import type { QueryClient } from '@tanstack/react-query';
import { walletEndpoints } from '@khela/contracts';

/** After a read or a delete: the page and every badge (header, member-centre menu) count again. */
export function refreshInbox(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [walletEndpoints.inbox.name] }),
    queryClient.invalidateQueries({ queryKey: [walletEndpoints.inboxUnread.name] }),
  ]);
}
