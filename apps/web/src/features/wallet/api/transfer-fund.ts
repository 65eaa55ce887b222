import { walletEndpoints, type BodyOf } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';

export type TransferFundBody = BodyOf<typeof walletEndpoints.transferFund>;

/** §7 `GCS_walletTransfer` (T): main ↔ game wallet; idempotent by requestId. */
export function transferFund(body: TransferFundBody) {
  return call(walletEndpoints.transferFund, { body });
}
