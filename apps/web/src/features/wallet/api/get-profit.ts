import { endpoints, type QueryOf } from '@khela/contracts';
import { useMemberQuery } from '../../../lib/member-query.ts';

/** `GET /wps/member/records/profit` (T): profit and loss per day and game type. */
export function useProfit(token: string | null, query: QueryOf<typeof endpoints.wallet.personalProfit>) {
  return useMemberQuery(endpoints.wallet.personalProfit, token, { query }, { placeholderData: (last) => last });
}
