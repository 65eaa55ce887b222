import { endpoints, type QueryOf } from '@khela/contracts';
import { useMemberQuery } from '../../../lib/member-query.ts';

/** `GET /wps/cashier/deposits` (T): own deposits, newest first. */
export function useDeposits(token: string | null, query: QueryOf<typeof endpoints.cashier.depositList> = {}) {
  return useMemberQuery(endpoints.cashier.depositList, token, { query }, { placeholderData: (last) => last });
}
