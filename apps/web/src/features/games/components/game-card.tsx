import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cardTheme, type GameItem } from '../utils/sections.ts';
import './game-card.css';

export const DEFAULT_GAME_ICON = '/default-game-icon.svg';

/**
 * A game: its icon (lazy; §8 falls back to the default game icon), name and vendor, in one of six
 * themes by node id (§9); a click launches it. `action` sits beside the launch button (the
 * favourite heart: a button may not hold another one).
 */
export function GameCard({
  game,
  onLaunch,
  action,
}: {
  game: GameItem;
  onLaunch: (game: GameItem) => void;
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  const src = !game.icon || broken ? DEFAULT_GAME_ICON : game.icon;
  const maintenance = game.status === 'maintenance';
  return (
    <div className="game-card" data-theme-index={cardTheme(game.id)} data-maintenance={maintenance || undefined}>
      <button type="button" className="game-card__play" onClick={() => onLaunch(game)}>
        <span className="game-card__art">
          <img
            className="game-card__icon"
            src={src}
            alt=""
            width={200}
            height={200}
            loading="lazy"
            decoding="async"
            draggable={false}
            onError={() => setBroken(true)}
          />
          {maintenance ? <span className="game-card__badge">{t('games.maintenance')}</span> : null}
        </span>
        <span className="game-card__name">{game.name}</span>
        {game.vendor ? <span className="game-card__vendor">{game.vendor}</span> : null}
      </button>
      {action}
    </div>
  );
}
