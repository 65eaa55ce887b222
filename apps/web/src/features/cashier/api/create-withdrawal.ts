import { cashierEndpoints, type BodyOf } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';

export type WithdrawalBody = BodyOf<typeof cashierEndpoints.withdrawalCreate>;

/** `POST /wps/cashier/withdrawals` (T, E): idempotent by requestId; the amount is held at once. */
export function createWithdrawal(body: WithdrawalBody) {
  return call(cashierEndpoints.withdrawalCreate, { body });
}
