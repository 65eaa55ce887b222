import { walletEndpoints, type QueryOf } from '@khela/contracts';
import { useMemberQuery } from '../../../lib/member-query.ts';

/** `GET /wps/member/records/bonus` (T): bonus wallet movements. */
export function useBonusRecords(token: string | null, query: QueryOf<typeof walletEndpoints.bonusDetails>) {
  return useMemberQuery(walletEndpoints.bonusDetails, token, { query }, { placeholderData: (last) => last });
}
