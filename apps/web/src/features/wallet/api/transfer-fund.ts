import { endpoints, type BodyOf } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';

export type TransferFundBody = BodyOf<typeof endpoints.wallet.transferFund>;

/** §7 `GCS_walletTransfer` (T): main ↔ game wallet; idempotent by requestId. */
export function transferFund(body: TransferFundBody) {
  return call(endpoints.wallet.transferFund, { body });
}
