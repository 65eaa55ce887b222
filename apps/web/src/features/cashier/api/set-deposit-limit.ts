import { cashierEndpoints, type BodyOf } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';

/** `PUT /wps/cashier/deposit-limits` (T): a decrease applies at once, an increase after 24 hours. */
export function setDepositLimit(body: BodyOf<typeof cashierEndpoints.depositLimitSet>) {
  return call(cashierEndpoints.depositLimitSet, { body });
}
