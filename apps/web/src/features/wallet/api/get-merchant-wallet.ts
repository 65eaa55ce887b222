import { walletEndpoints } from '@khela/contracts';
import { useMemberQuery } from '../../../lib/member-query.ts';

/** §7 `GCS_merchantWallet` (T): isSingle 1 means one wallet only, so transferFund is hidden. */
export function useMerchantWallet(token: string | null) {
  return useMemberQuery(walletEndpoints.merchantWallet, token, {}, { staleTime: 5 * 60_000 });
}
