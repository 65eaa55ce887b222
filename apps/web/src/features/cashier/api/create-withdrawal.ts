import { endpoints, type BodyOf } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';

export type WithdrawalBody = BodyOf<typeof endpoints.cashier.withdrawalCreate>;

/** `POST /wps/cashier/withdrawals` (T, E): idempotent by requestId; the amount is held at once. */
export function createWithdrawal(body: WithdrawalBody) {
  return call(endpoints.cashier.withdrawalCreate, { body });
}
