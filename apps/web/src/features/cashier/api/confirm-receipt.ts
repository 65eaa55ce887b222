import { cashierEndpoints, type BodyOf } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';

/** `POST /wps/cashier/withdrawals/:id/receipt` (T): §4 received, not received (with proof) or full payment. */
export function confirmReceipt(id: number, body: BodyOf<typeof cashierEndpoints.withdrawalReceipt>) {
  return call(cashierEndpoints.withdrawalReceipt, { params: { id: String(id) }, body });
}
