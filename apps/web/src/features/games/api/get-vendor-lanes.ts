import { gameLobbyEndpoints } from '@khela/contracts';
import { useEndpointQuery } from '../../../lib/query.ts';

/**
 * §7 vendor lanes (`GCSGAME_newGameVendor`, `value.data.lanes`): the categories with at least one
 * live vendor, in the operator's order and after the §4 reordering (done by the server). The top
 * navigation, the game centres and the list tabs are all built from it; cached (§7).
 */
export function useVendorLanes() {
  return useEndpointQuery(gameLobbyEndpoints.vendorLanes, {}, { staleTime: 5 * 60_000 });
}
