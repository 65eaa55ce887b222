import { walletEndpoints, type QueryOf } from '@khela/contracts';
import { useMemberQuery } from '../../../lib/member-query.ts';

/** `GET /wps/member/records/profit` (T): profit and loss per day and game type. */
export function useProfit(token: string | null, query: QueryOf<typeof walletEndpoints.personalProfit>) {
  return useMemberQuery(walletEndpoints.personalProfit, token, { query }, { placeholderData: (last) => last });
}
