import { useQuery } from '@tanstack/react-query';
import { memberEndpoints, type CoolingOffPeriod, type Protection, type SelfExclusionTerm } from '@khela/contracts';
import { call, type ApiError } from '../../../lib/api-client.ts';

/** Player protection in force (issue 4 item 10). */
export function useProtection(token: string | null) {
  return useQuery<Protection, ApiError>({
    queryKey: ['member.protection', token],
    queryFn: ({ signal }) => call(memberEndpoints.protection, { signal }),
    enabled: Boolean(token),
  });
}

/** Self-exclusion for a term (E, with the password): every session ends at once. */
export function selfExclude(term: SelfExclusionTerm, password: string): Promise<Protection> {
  return call(memberEndpoints.selfExclude, { body: { term, password } });
}

/** A cooling-off break (E, with the password): every session ends at once. */
export function coolOff(period: CoolingOffPeriod, password: string): Promise<Protection> {
  return call(memberEndpoints.coolOff, { body: { period, password } });
}
