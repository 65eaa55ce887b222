import { walletEndpoints, type BodyOf } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';

export type TransferUplineBody = BodyOf<typeof walletEndpoints.transferUpline>;

/** §7 `MCSFE_memberTransfer` (T, E): to the upline, or (agents) to a downline; idempotent by requestId. */
export function transferUpline(body: TransferUplineBody) {
  return call(walletEndpoints.transferUpline, { body });
}
