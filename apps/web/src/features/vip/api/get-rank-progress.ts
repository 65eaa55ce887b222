import { vipEndpoints } from '@khela/contracts';
import { useEndpointQuery } from '../../../lib/query.ts';

/** MCSFE_getPlayerRankProgress: the member's rank, this month's turnover and the ladder. */
export function useRankProgress() {
  return useEndpointQuery(vipEndpoints.rankProgress, {}, { staleTime: 60_000 });
}
