import { walletEndpoints } from '@khela/contracts';
import { useMemberQuery } from '../../../lib/member-query.ts';

/** §7 `GET /wps/v2/wallets/balance` (T): main, bonus and game wallets and their sum. */
export function useBalance(token: string | null) {
  return useMemberQuery(walletEndpoints.balance, token, {}, { refetchOnWindowFocus: true });
}
