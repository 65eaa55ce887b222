import { endpoints, type QueryOf } from '@khela/contracts';
import { useMemberQuery } from '../../../lib/member-query.ts';

/** `GET /wps/member/records/transactions` (T): wallet movements, newest first. */
export function useTransactions(token: string | null, query: QueryOf<typeof endpoints.wallet.transactionHistory>) {
  return useMemberQuery(endpoints.wallet.transactionHistory, token, { query }, { placeholderData: (last) => last });
}
