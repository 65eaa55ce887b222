import { walletEndpoints, type QueryOf } from '@khela/contracts';
import { useMemberQuery } from '../../../lib/member-query.ts';

/** `GET /wps/member/records/transactions` (T): wallet movements, newest first. */
export function useTransactions(token: string | null, query: QueryOf<typeof walletEndpoints.transactionHistory>) {
  return useMemberQuery(walletEndpoints.transactionHistory, token, { query }, { placeholderData: (last) => last });
}
