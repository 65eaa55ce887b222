import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cockfightEndpoints, walletEndpoints, type CockfightBetInput, type ValueOf } from '@khela/contracts';
import { call, type ApiError } from '../../../lib/api-client.ts';
import { useEndpointQuery } from '../../../lib/query.ts';

/** How often the page reads the arena again (the window, odds and results move under it). */
export const COCKFIGHT_POLL_MS = 3_000;

/** The arena, its current fight and odds, next fights, results and my bets: read every few seconds. */
export function useCockfightState(arenaId?: number) {
  return useEndpointQuery(
    cockfightEndpoints.state,
    arenaId === undefined ? {} : { query: { arenaId: String(arenaId) } },
    { refetchInterval: COCKFIGHT_POLL_MS, staleTime: 1_000 },
  );
}

export function usePlaceCockfightBet() {
  const client = useQueryClient();
  return useMutation<ValueOf<typeof cockfightEndpoints.bet>, ApiError, CockfightBetInput>({
    mutationFn: (body) => call(cockfightEndpoints.bet, { body }),
    onSettled: () => {
      for (const def of [cockfightEndpoints.state, walletEndpoints.balance])
        void client.invalidateQueries({ queryKey: [def.name] });
    },
  });
}
