import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { gameEndpoints, type GameSummary, type ValueOf } from '@khela/contracts';
import { throttleLeading } from '../../../lib/throttle.ts';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { addFavourite } from '../api/add-favourite.ts';
import { useFavouriteIds } from '../api/get-favourite-ids.ts';
import { removeFavourite } from '../api/remove-favourite.ts';
import { toggledIds, toggledPage } from '../utils/favourites.ts';

/** §9: a favourite toggles at most once per second per game; taps within it are dropped (leading only). */
export const FAVOURITE_THROTTLE_MS = 1000;
const gate = throttleLeading<number>(FAVOURITE_THROTTLE_MS);

type ListPage = ValueOf<typeof gameEndpoints.favouriteList>;
/** What a toggle needs of a game: its node id, vendor and type, and for the list the whole game when known. */
export type FavouriteGame = Pick<GameSummary, 'nodeId'> & Partial<GameSummary>;

export interface Favourites {
  /** Favourites need a session: without one, no heart is shown. */
  enabled: boolean;
  has: (nodeId: number) => boolean;
  toggle: (game: FavouriteGame) => void;
}

/**
 * The member's favourites (§4): the ids load with the session (and again in a new language, the
 * key has it); a toggle updates the ids and the list at once, then calls the server, and puts the
 * server's answer back if the call fails.
 */
export function useFavourites(): Favourites {
  const token = useSessionToken();
  const ids = useFavouriteIds(token);
  const queryClient = useQueryClient();
  const set = useMemo(() => new Set(ids.data ?? []), [ids.data]);

  const toggle = useCallback(
    (game: FavouriteGame) => {
      gate(game.nodeId, () => {
        const idsKey = [gameEndpoints.favouriteIds.name, token];
        const listKey = [gameEndpoints.favouriteList.name, token];
        let added = !set.has(String(game.nodeId));
        queryClient.setQueriesData<string[]>({ queryKey: idsKey }, (current) => {
          if (!current) return current;
          const next = toggledIds(current, game.nodeId);
          added = next.added;
          return next.ids;
        });
        // Each cached page of the list: the game leaves it, or (added) heads the first page.
        const complete = 'gameCode' in game && 'displayName' in game;
        for (const [key, page] of queryClient.getQueriesData<ListPage>({ queryKey: listKey })) {
          if (!page || (added && !complete)) continue;
          const first = (key[4] as { query?: { pageNo?: string } } | undefined)?.query?.pageNo === '1';
          queryClient.setQueryData<ListPage>(key, toggledPage(page, game as GameSummary, added && first));
        }
        const target = { nodeId: game.nodeId, vassalage: game.vassalage, gameType: game.gameType };
        void (added ? addFavourite(target) : removeFavourite(target)).then(
          // The list's order and pages come from the server once the change is stored.
          () => queryClient.invalidateQueries({ queryKey: listKey, refetchType: 'none' }),
          () => {
            void queryClient.invalidateQueries({ queryKey: idsKey });
            void queryClient.invalidateQueries({ queryKey: listKey });
          },
        );
      });
    },
    [queryClient, set, token],
  );

  return { enabled: Boolean(token), has: (nodeId) => set.has(String(nodeId)), toggle };
}
