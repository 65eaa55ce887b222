import { cashierEndpoints, type BodyOf } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';

/** `PUT /wps/cashier/payment-password` (T, E): set once; a change needs the old one. */
export function setPaymentPassword(body: BodyOf<typeof cashierEndpoints.paymentPasswordSet>) {
  return call(cashierEndpoints.paymentPasswordSet, { body });
}
