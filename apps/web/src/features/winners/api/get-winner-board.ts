import { gameLobbyEndpoints, type ValueOf } from '@khela/contracts';
import { useEndpointQuery } from '../../../lib/query.ts';
import { WINNER_BOARD_LIMIT, type WinnerEntry } from '../utils/winners.ts';

/** §7 winner board (`ODSFE2_getWinnerBoard`: `value.list[].vo`, §9 20 entries): real wins, names masked. */
export function useWinnerBoard() {
  return useEndpointQuery(
    gameLobbyEndpoints.winnerBoard,
    { query: { limitNum: String(WINNER_BOARD_LIMIT) } },
    { staleTime: 60_000 },
  );
}

/** The board's rows with the game each was won on (a click launches it, §2). */
export function winnersOf(value: ValueOf<typeof gameLobbyEndpoints.winnerBoard> | undefined): WinnerEntry[] {
  return (value?.list ?? []).map(({ rank, vo }) => ({
    id: `${rank}-${vo.wonAt}`,
    customerName: vo.customerName,
    gameName: vo.gameName,
    gameCode: vo.gameCode,
    winAmount: vo.winAmount,
    icon: vo.iconUrl,
    vassalage: vo.vassalage,
    nodeId: vo.nodeId,
    gameType: vo.gameType,
  }));
}
