import { cashierEndpoints } from '@khela/contracts';
import { useMemberQuery } from '../../../lib/member-query.ts';

/**
 * Whether the member has set a payment password (it travels with the withdrawal settings): a
 * transfer asks for it only then.
 */
export function usePaymentPasswordSet(token: string | null): boolean | undefined {
  const settings = useMemberQuery(cashierEndpoints.withdrawSettings, token, {}, { staleTime: 60_000 });
  return settings.data?.paymentPasswordSet;
}
