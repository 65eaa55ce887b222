import { cashierEndpoints } from '@khela/contracts';
import { useMemberQuery } from '../../../lib/member-query.ts';

/** §7 `MCSFE_getDepositSettings` (T): channels with min–max and payee details, and the member's limits. */
export function useDepositSettings(token: string | null) {
  return useMemberQuery(cashierEndpoints.depositSettings, token);
}
