import { gameEndpoints } from '@khela/contracts';
import { useMemberQuery } from '../../../lib/member-query.ts';

/** §7 favourite ids (`MCSFE_getFavoriteGames`, T): the node ids, as text, of the member's favourites. */
export function useFavouriteIds(token: string | null) {
  return useMemberQuery(gameEndpoints.favouriteIds, token, {}, { staleTime: 5 * 60_000 });
}
