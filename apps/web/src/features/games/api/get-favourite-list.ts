import { FAVOURITES_MAX_PAGE_SIZE, gameEndpoints } from '@khela/contracts';
import { useMemberQuery } from '../../../lib/member-query.ts';

/** §7 favourite list (`MCSFE_getFavoriteGamesList`, T): newest first, §9 999 a page; "load more" asks for the next. */
export function useFavouritePage(token: string | null, pageNo: number) {
  return useMemberQuery(gameEndpoints.favouriteList, token, {
    query: { pageNo: String(pageNo), pageSize: String(FAVOURITES_MAX_PAGE_SIZE) },
  });
}
