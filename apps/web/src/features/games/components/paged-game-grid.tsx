import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameSummary } from '@khela/contracts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import type { Favourites } from '../hooks/use-favourites.ts';
import type { GameItem } from '../utils/sections.ts';
import { GameGridSkeleton, GameItems } from './game-grid.tsx';
import './game-pages.css';

/** One page of a game list as the grid reads it (game list, favourites and recents alike). */
export interface GamesPage {
  games: readonly GameSummary[];
  totalPages: number;
  /** Shown as "x of y games" where the call tells it. */
  totalCount?: number;
}
export interface PageQuery {
  data?: GamesPage;
  isPending: boolean;
  error: { message?: string } | null;
  refetch: () => unknown;
}

/**
 * A paged game list with "load more" (§9 page sizes): page 1 decides the states (loading, error,
 * `empty`) and how many pages there are; each further page is a query of its own, rendered in the
 * same grid as it arrives. `usePage` is the list's page query (called once per page, in order).
 */
export function PagedGameGrid({
  usePage,
  favourites,
  onLaunch,
  label,
  empty,
  filter,
}: {
  usePage: (pageNo: number) => PageQuery;
  favourites?: Favourites;
  onLaunch: (game: GameItem) => void;
  label: string;
  empty: ReactNode;
  /** Leaves games out of every page (the popup list leaves out its own VASSALAGE tile). */
  filter?: (game: GameSummary) => boolean;
}) {
  const { t } = useTranslation();
  const [pages, setPages] = useState(1);
  const first = usePage(1);
  if (first.isPending) return <GameGridSkeleton label={t('lobby.loading')} />;
  if (first.error || !first.data) {
    return (
      <EmptyState
        variant="page"
        headingLevel={2}
        title={t('lobby.loadFailed')}
        body={first.error?.message || t('common.networkError')}
        action={
          <button type="button" className="button" onClick={() => void first.refetch()}>
            {t('common.retry')}
          </button>
        }
      />
    );
  }
  const games = filter ? first.data.games.filter(filter) : first.data.games;
  if (games.length === 0 && first.data.totalPages <= 1) return <>{empty}</>;
  const { totalCount } = first.data;
  return (
    <>
      {totalCount !== undefined ? (
        <p className="lobby-count" aria-live="polite">
          {t('lobby.count', { count: totalCount })}
        </p>
      ) : null}
      <ul className="game-grid" aria-label={label}>
        <GameItems games={games} favourites={favourites} onLaunch={onLaunch} />
        {Array.from({ length: pages - 1 }, (_, i) => (
          <LaterPage
            key={i + 2}
            pageNo={i + 2}
            usePage={usePage}
            favourites={favourites}
            onLaunch={onLaunch}
            filter={filter}
          />
        ))}
      </ul>
      {pages < first.data.totalPages ? (
        <div className="lobby-more">
          <button type="button" className="button" onClick={() => setPages((n) => n + 1)}>
            {t('lobby.loadMore')}
          </button>
        </div>
      ) : null}
    </>
  );
}

function LaterPage({
  pageNo,
  usePage,
  favourites,
  onLaunch,
  filter,
}: {
  pageNo: number;
  usePage: (pageNo: number) => PageQuery;
  favourites?: Favourites;
  onLaunch: (game: GameItem) => void;
  filter?: (game: GameSummary) => boolean;
}) {
  const { t } = useTranslation();
  const page = usePage(pageNo);
  if (page.data) {
    const games = filter ? page.data.games.filter(filter) : page.data.games;
    return <GameItems games={games} favourites={favourites} onLaunch={onLaunch} />;
  }
  if (page.error) {
    return (
      <li className="game-grid__failed">
        <button type="button" className="button" onClick={() => void page.refetch()}>
          {t('common.retry')}
        </button>
      </li>
    );
  }
  return (
    <>
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} aria-hidden="true">
          <span className="game-grid__ghost" />
        </li>
      ))}
    </>
  );
}
