import { cashierEndpoints, type BodyOf } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';

export type DepositBody = BodyOf<typeof cashierEndpoints.depositCreate>;

/** `POST /wps/cashier/deposits` (T): idempotent by requestId; gateway channels answer a paymentUrl. */
export function createDeposit(body: DepositBody) {
  return call(cashierEndpoints.depositCreate, { body });
}
