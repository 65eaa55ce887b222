import { endpoints, type QueryOf } from '@khela/contracts';
import { useMemberQuery } from '../../../lib/member-query.ts';

/** `GET /wps/member/records/bets` (T): one row per game round. */
export function useBetRecords(token: string | null, query: QueryOf<typeof endpoints.wallet.bettingRecords>) {
  return useMemberQuery(endpoints.wallet.bettingRecords, token, { query }, { placeholderData: (last) => last });
}
