import { cashierEndpoints, type QueryOf } from '@khela/contracts';
import { useMemberQuery } from '../../../lib/member-query.ts';

/** `GET /wps/cashier/deposits` (T): own deposits, newest first. */
export function useDeposits(token: string | null, query: QueryOf<typeof cashierEndpoints.depositList> = {}) {
  return useMemberQuery(cashierEndpoints.depositList, token, { query }, { placeholderData: (last) => last });
}
