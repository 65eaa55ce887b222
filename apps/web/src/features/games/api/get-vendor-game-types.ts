import { gameEndpoints } from '@khela/contracts';
import { useEndpointQuery } from '../../../lib/query.ts';

/** §7 vassalage game types (`GCSGAME_getVassGameType`): one vendor's game types and their classifications. */
export function useVendorGameTypes(vassalage: string | undefined) {
  return useEndpointQuery(
    gameEndpoints.vendorGameTypes,
    { query: { vassalage } },
    { staleTime: 5 * 60_000, enabled: Boolean(vassalage) },
  );
}
