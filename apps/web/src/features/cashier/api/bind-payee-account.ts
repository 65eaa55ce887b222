import { cashierEndpoints, type BodyOf } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';

export type PayeeAccountBody = BodyOf<typeof cashierEndpoints.payeeAccountBind>;

/** `POST /wps/cashier/payee-accounts` (T): the payee name must be the registered real name. */
export function bindPayeeAccount(body: PayeeAccountBody) {
  return call(cashierEndpoints.payeeAccountBind, { body });
}
