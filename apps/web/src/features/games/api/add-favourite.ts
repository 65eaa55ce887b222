import { gameEndpoints } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';

/** §7 add favourite (`MCSFE_addFavoriteGameV2`, T, POST nodeId): adding one already there changes nothing. */
export function addFavourite(game: { nodeId: number; vassalage?: string; gameType?: string }) {
  return call(gameEndpoints.addFavourite, {
    body: { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType },
  });
}
