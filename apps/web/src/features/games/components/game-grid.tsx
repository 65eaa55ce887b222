import type { GameSummary } from '@khela/contracts';
import type { Favourites } from '../hooks/use-favourites.ts';
import { toGameItem } from '../utils/game-item.ts';
import type { GameItem } from '../utils/sections.ts';
import { FavouriteButton } from './favourite-button.tsx';
import { GameCard } from './game-card.tsx';
import './game-pages.css';

/** The cards of a game grid (§2 list pages, favourites, recents, the popup list), each with its heart for members. */
export function GameItems({
  games,
  favourites,
  onLaunch,
}: {
  games: readonly GameSummary[];
  favourites?: Favourites;
  onLaunch: (game: GameItem) => void;
}) {
  return (
    <>
      {games.map((game) => {
        const item = toGameItem(game);
        return (
          <li key={game.nodeId}>
            <GameCard
              game={item}
              onLaunch={onLaunch}
              action={
                favourites?.enabled && game.isGame === 'GAME' ? (
                  <FavouriteButton
                    name={item.name}
                    on={favourites.has(game.nodeId)}
                    onToggle={() => favourites.toggle(game)}
                  />
                ) : null
              }
            />
          </li>
        );
      })}
    </>
  );
}

/** Placeholder cards while a list loads (the grid keeps its shape). */
export function GameGridSkeleton({ count = 12, label }: { count?: number; label: string }) {
  return (
    <div className="game-grid game-grid--loading" role="status" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className="game-grid__ghost" aria-hidden="true" />
      ))}
    </div>
  );
}
