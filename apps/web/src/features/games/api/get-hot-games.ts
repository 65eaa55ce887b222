import { gameLobbyEndpoints } from '@khela/contracts';
import { useEndpointQuery } from '../../../lib/query.ts';

/** §7 hot games (`GCSGAME_hotGamesV2`): the popular games in rank order; the list is cached (§7). */
export function useHotGames() {
  return useEndpointQuery(gameLobbyEndpoints.hotGames, {}, { staleTime: 5 * 60_000 });
}
