import { cashierEndpoints, type QueryOf } from '@khela/contracts';
import { useMemberQuery } from '../../../lib/member-query.ts';

/** `GET /wps/cashier/withdrawals` (T): own withdrawals, newest first. */
export function useWithdrawals(token: string | null, query: QueryOf<typeof cashierEndpoints.withdrawalList> = {}) {
  return useMemberQuery(cashierEndpoints.withdrawalList, token, { query }, { placeholderData: (last) => last });
}
