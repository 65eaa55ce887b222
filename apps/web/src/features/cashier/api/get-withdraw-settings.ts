import { cashierEndpoints } from '@khela/contracts';
import { useMemberQuery } from '../../../lib/member-query.ts';

/** §7 `MCSFE_getWithdrawSettings` (T): limits, daily count, remaining turnover, bound accounts. */
export function useWithdrawSettings(token: string | null) {
  return useMemberQuery(cashierEndpoints.withdrawSettings, token);
}
