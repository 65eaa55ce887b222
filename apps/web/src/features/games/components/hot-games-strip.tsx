import { useTranslation } from 'react-i18next';
import type { GameItem } from '../utils/sections.ts';
import { GameSection } from './game-section.tsx';

const flame = (
  <svg viewBox="0 0 24 24" focusable="false">
    <path
      fill="currentColor"
      d="M12 2s1 3-1.5 6C8 11 6 12.5 6 16a6 6 0 0 0 12 0c0-2.6-1.3-4.4-2.4-5.6.1 1.8-.6 3.1-1.6 3.6.4-3.3-.8-8.1-2-12Z"
    />
  </svg>
);

/** §2 hot games strip: the popular games, no 'more' link (that is for game sections only). */
export function HotGamesStrip({
  games,
  loading,
  onLaunch,
}: {
  games: readonly GameItem[];
  loading?: boolean;
  onLaunch: (game: GameItem) => void;
}) {
  const { t } = useTranslation();
  return (
    <GameSection
      title={t('games.hot')}
      icon={flame}
      games={games}
      emptyText={t('games.hotEmpty')}
      loading={loading}
      onLaunch={onLaunch}
    />
  );
}
