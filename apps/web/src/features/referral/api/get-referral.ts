import { referralEndpoints } from '@khela/contracts';
import { useEndpointQuery } from '../../../lib/query.ts';

/** MCSFE_getReferralDetails with autoGenerate=true: the member's code is made on the first visit. */
export function useReferralDetails() {
  return useEndpointQuery(referralEndpoints.details, { query: { autoGenerate: 'true' } }, { staleTime: 60_000 });
}

/** The members who registered with the code, a page at a time. */
export function useInvitations(pageNo: number) {
  return useEndpointQuery(
    referralEndpoints.invitations,
    { query: { pageNo: String(pageNo), pageSize: '20' } },
    { placeholderData: (previous) => previous },
  );
}
