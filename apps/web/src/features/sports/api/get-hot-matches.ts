import { sportsLiveEndpoints } from '@khela/contracts';
import { useEndpointQuery } from '../../../lib/query.ts';

/** The server keeps the list 5 s; the lane reads it again now and then for live scores and prices. */
const HOT_MATCHES_REFRESH_MS = 30_000;

/** endpoints.md §3 `GCSGAME_getGameMatchV2`: the book's hot matches, live first, then the next to start. */
export function useHotMatches() {
  return useEndpointQuery(
    sportsLiveEndpoints.hotMatches,
    {},
    { staleTime: 15_000, refetchInterval: HOT_MATCHES_REFRESH_MS, retry: false },
  );
}
