import { gameLobbyEndpoints, GAME_LIST_DEFAULT_PAGE_SIZE, type QueryOf } from '@khela/contracts';
import { useEndpointQuery } from '../../../lib/query.ts';

type GameListQuery = NonNullable<QueryOf<typeof gameLobbyEndpoints.gameList>>;
/** What narrows a list: category, vendor, classification, name (paging is the query's own). */
export type GameListFilter = Omit<GameListQuery, 'pageNo' | 'pageSize'>;

/** §7 game list (`GCSGAME_gameList`): one page, e.g. the first 12 of a home section. */
export function useGameList(query: GameListQuery, enabled = true) {
  return useEndpointQuery(gameLobbyEndpoints.gameList, { query }, { staleTime: 5 * 60_000, enabled });
}

/**
 * Page `pageNo` of a filtered list, §9 20 a page. "Load more" asks for one page after another,
 * each its own cache entry (no infinite query: its code would weigh on every first load).
 */
export function useGameListPage(filter: GameListFilter, pageNo: number, enabled = true) {
  return useGameList({ ...filter, pageNo: String(pageNo), pageSize: String(GAME_LIST_DEFAULT_PAGE_SIZE) }, enabled);
}
