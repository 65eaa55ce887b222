import { GAME_LIST_DEFAULT_PAGE_SIZE, gameEndpoints } from '@khela/contracts';
import { useMemberQuery } from '../../../lib/member-query.ts';

/** §7 recent games (`GCS_recentGame`, T): the member's launches, latest first, §9 20 a page. */
export function useRecentPage(token: string | null, page: number) {
  return useMemberQuery(gameEndpoints.recentGames, token, {
    query: { page: String(page), pageSize: String(GAME_LIST_DEFAULT_PAGE_SIZE) },
  });
}
