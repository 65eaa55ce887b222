import { walletEndpoints, type QueryOf } from '@khela/contracts';
import { useMemberQuery } from '../../../lib/member-query.ts';

/** `GET /wps/member/records/bets` (T): one row per game round. */
export function useBetRecords(token: string | null, query: QueryOf<typeof walletEndpoints.bettingRecords>) {
  return useMemberQuery(walletEndpoints.bettingRecords, token, { query }, { placeholderData: (last) => last });
}
