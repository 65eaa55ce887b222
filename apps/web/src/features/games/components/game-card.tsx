import { useState } from 'react';
import { cardTheme, type GameItem } from '../utils/sections.ts';

export const DEFAULT_GAME_ICON = '/default-game-icon.svg';

/** A game: its icon (lazy; §8 falls back to the default game icon) and name; a click launches it. */
export function GameCard({ game, onLaunch }: { game: GameItem; onLaunch: (game: GameItem) => void }) {
  const [broken, setBroken] = useState(false);
  const src = !game.icon || broken ? DEFAULT_GAME_ICON : game.icon;
  return (
    <button type="button" className="game-card" data-theme-index={cardTheme(game.id)} onClick={() => onLaunch(game)}>
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
      </span>
      <span className="game-card__name">{game.name}</span>
      {game.vendor ? <span className="game-card__vendor">{game.vendor}</span> : null}
    </button>
  );
}
