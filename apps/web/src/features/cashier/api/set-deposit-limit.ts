import { endpoints, type BodyOf } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';

/** `PUT /wps/cashier/deposit-limits` (T): a decrease applies at once, an increase after 24 hours. */
export function setDepositLimit(body: BodyOf<typeof endpoints.cashier.depositLimitSet>) {
  return call(endpoints.cashier.depositLimitSet, { body });
}
