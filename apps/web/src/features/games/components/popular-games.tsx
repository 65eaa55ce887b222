import { useTranslation } from 'react-i18next';
import { useHotGames } from '../api/get-hot-games.ts';
import { toGameItem } from '../utils/game-item.ts';
import type { GameItem } from '../utils/sections.ts';
import { GameCard } from './game-card.tsx';
import './game-pages.css';

/** How many popular games a maintenance notice suggests. */
const SUGGESTIONS = 6;

/** §8 game maintenance: other popular games to play instead (hot games that are open, not this one). */
export function PopularGames({ exclude, onLaunch }: { exclude?: string; onLaunch: (game: GameItem) => void }) {
  const { t } = useTranslation();
  const hot = useHotGames();
  const games = (hot.data?.list ?? [])
    .filter((game) => game.status === 'on' && game.isGame === 'GAME' && game.gameCode !== exclude)
    .slice(0, SUGGESTIONS)
    .map(toGameItem);
  if (hot.isPending) {
    return (
      <p className="popular-games__loading" role="status">
        {t('common.loading')}
      </p>
    );
  }
  if (games.length === 0) return null;
  return (
    <section className="popular-games" aria-label={t('lobby.popularTitle')}>
      <h3 className="popular-games__title">{t('lobby.popularTitle')}</h3>
      <ul className="popular-games__list">
        {games.map((game) => (
          <li key={game.id}>
            <GameCard game={game} onLaunch={onLaunch} />
          </li>
        ))}
      </ul>
    </section>
  );
}
