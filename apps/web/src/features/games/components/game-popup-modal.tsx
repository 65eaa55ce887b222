import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useGameListPage } from '../api/get-game-list.ts';
import { useFavourites } from '../hooks/use-favourites.ts';
import type { GameItem } from '../utils/sections.ts';
import { PagedGameGrid, type PageQuery } from './paged-game-grid.tsx';
import './game-pages.css';

/**
 * §2 game popup / §4: a VASSALAGE entry opens its vendor's games in a dialog, 20 at a time with
 * "load more"; choosing one closes the dialog and launches it.
 */
export function GamePopupModal({
  vassalage,
  title,
  onClose,
  onLaunch,
}: {
  vassalage: string;
  title: string;
  onClose: () => void;
  onLaunch: (game: GameItem) => void;
}) {
  const { t } = useTranslation();
  const favourites = useFavourites();
  const usePage = (pageNo: number): PageQuery => useGameListPage({ vassalage }, pageNo);
  return (
    <Modal title={title} onClose={onClose} size="large" className="game-popup">
      <PagedGameGrid
        usePage={usePage}
        favourites={favourites}
        onLaunch={onLaunch}
        label={title}
        // The VASSALAGE tile itself is not one of the games it opens.
        filter={(game) => game.isGame === 'GAME'}
        empty={<EmptyState title={t('lobby.popupEmptyTitle')} body={t('lobby.popupEmptyBody')} />}
      />
    </Modal>
  );
}
