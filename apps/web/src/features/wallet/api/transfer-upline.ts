import { endpoints, type BodyOf } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';

export type TransferUplineBody = BodyOf<typeof endpoints.wallet.transferUpline>;

/** §7 `MCSFE_memberTransfer` (T, E): to the upline, or (agents) to a downline; idempotent by requestId. */
export function transferUpline(body: TransferUplineBody) {
  return call(endpoints.wallet.transferUpline, { body });
}
