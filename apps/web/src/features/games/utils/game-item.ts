import type { GameSummary } from '@khela/contracts';
import type { LaunchTarget } from './launch.ts';
import type { GameItem } from './sections.ts';

/** A lobby game (§3 Game) as a card shows it: its display name in the request's language and its icon. */
export function toGameItem(game: GameSummary): GameItem {
  return {
    id: game.nodeId,
    name: game.displayName || game.gameName,
    icon: game.iconUrl ?? game.showIcon,
    gameCode: game.gameCode,
    vendor: game.vendorName,
    vassalage: game.vassalage,
    gameType: game.gameType,
    isGame: game.isGame,
    status: game.status,
  };
}

/** What launching a card needs; null for a card without a game code (nothing to launch). */
export function launchTargetOf(item: GameItem): LaunchTarget | null {
  if (!item.gameCode) return null;
  return {
    gameCode: item.gameCode,
    vassalage: item.vassalage,
    nodeId: typeof item.id === 'number' ? item.id : Number(item.id) || null,
    gameType: item.gameType,
    isGame: item.isGame,
    status: item.status,
    name: item.name,
  };
}
