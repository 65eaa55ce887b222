import { gameEndpoints } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';

/** §7 remove favourite (`MCSFE_removeFavoriteGameV2`, T, DELETE nodeId). */
export function removeFavourite(game: { nodeId: number; vassalage?: string; gameType?: string }) {
  return call(gameEndpoints.removeFavourite, {
    body: { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType },
  });
}
