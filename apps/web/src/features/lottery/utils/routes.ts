/** §4 / endpoints.md pvp.launchGame: the page of a lottery vendor's games. */
export type LotteryPageName = 'lottery' | 'vnLottery' | 'seaLottery';

export function lotteryPageOf(vassalage: string): LotteryPageName {
  const upper = vassalage.toUpperCase();
  return upper === 'TCG_LOTTO_VN' ? 'vnLottery' : upper === 'TCG_SEA' ? 'seaLottery' : 'lottery';
}

export const lotteryHref = (game: { vassalage: string; gameCode: string }) =>
  `/${lotteryPageOf(game.vassalage)}?${new URLSearchParams({ gameCode: game.gameCode })}`;
