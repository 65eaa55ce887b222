import { endpoints, type QueryOf } from '@khela/contracts';
import { useMemberQuery } from '../../../lib/member-query.ts';

/** `GET /wps/member/records/bonus` (T): bonus wallet movements. */
export function useBonusRecords(token: string | null, query: QueryOf<typeof endpoints.wallet.bonusDetails>) {
  return useMemberQuery(endpoints.wallet.bonusDetails, token, { query }, { placeholderData: (last) => last });
}
