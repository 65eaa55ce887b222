import { cashierEndpoints } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';

/** `DELETE /wps/cashier/payee-accounts/:id` (T). */
export function unbindPayeeAccount(id: number) {
  return call(cashierEndpoints.payeeAccountRemove, { params: { id: String(id) } });
}
