import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ContentPage } from '../../../components/layouts/content-page.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ClockIcon, GamepadIcon } from '../../../components/ui/icons.tsx';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { useFavouritePage } from '../api/get-favourite-list.ts';
import { useRecentPage } from '../api/get-recent-games.ts';
import { useFavourites } from '../hooks/use-favourites.ts';
import type { GameItem } from '../utils/sections.ts';
import { PagedGameGrid, type PageQuery } from './paged-game-grid.tsx';
import './game-pages.css';

/**
 * §2 /favorite and /recent (members only): the favourites, newest first (§9 999 a page), and the
 * recently launched games (§9 20 a page), each with "load more". Removing a favourite here takes
 * its card away at once (§4).
 */
export function MyGamesPage({ kind, onLaunch }: { kind: 'favorite' | 'recent'; onLaunch: (game: GameItem) => void }) {
  const { t } = useTranslation();
  const token = useSessionToken();
  const favourites = useFavourites();
  const useFavouriteGames = (pageNo: number): PageQuery => {
    const page = useFavouritePage(token, pageNo);
    return { ...page, data: page.data && { games: page.data.content, totalPages: page.data.totalPages } };
  };
  const useRecentGames = (pageNo: number): PageQuery => {
    const page = useRecentPage(token, pageNo);
    return { ...page, data: page.data && { games: page.data.list, totalPages: page.data.totalPages } };
  };
  const title = t(`routes.${kind}.title`);

  return (
    <ContentPage title={title} intro={t(`routes.${kind}.intro`)}>
      <PagedGameGrid
        usePage={kind === 'favorite' ? useFavouriteGames : useRecentGames}
        favourites={favourites}
        onLaunch={onLaunch}
        label={title}
        empty={
          <EmptyState
            variant="page"
            headingLevel={2}
            icon={kind === 'recent' ? <ClockIcon size={28} /> : <GamepadIcon size={28} />}
            title={t(`routes.${kind}.emptyTitle`)}
            body={t(`routes.${kind}.emptyBody`)}
            action={
              <Link className="button button--primary" to="/">
                {t('routes.backHome')}
              </Link>
            }
          />
        }
      />
    </ContentPage>
  );
}
