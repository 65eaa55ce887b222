import { endpoints } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';

/** `DELETE /wps/cashier/payee-accounts/:id` (T). */
export function unbindPayeeAccount(id: number) {
  return call(endpoints.cashier.payeeAccountRemove, { params: { id: String(id) } });
}
