import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { inhouseEndpoints, walletEndpoints, type BodyOf, type InhouseGameName, type QueryOf } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';
import { useEndpointQuery } from '../../../lib/query.ts';
import { useMemberQuery } from '../../../lib/member-query.ts';

/** Our games with their limits and RTP (issue 12). */
export function useInhouseGames() {
  return useEndpointQuery(inhouseEndpoints.games);
}

export function useFairness(token: string | null) {
  return useMemberQuery(inhouseEndpoints.fairness, token);
}

export function useRounds(token: string | null, query: QueryOf<typeof inhouseEndpoints.rounds>) {
  return useMemberQuery(inhouseEndpoints.rounds, token, { query });
}

export function useRound(token: string | null, roundId: string, options: { enabled?: boolean } = {}) {
  return useMemberQuery(inhouseEndpoints.round, token, { params: { roundId } }, options);
}

export function useOpenRound(token: string | null, game: InhouseGameName) {
  return useMemberQuery(inhouseEndpoints.openRound, token, { query: { game } }, { staleTime: 0 });
}

export const rotateSeed = (body: BodyOf<typeof inhouseEndpoints.rotateSeed>) =>
  call(inhouseEndpoints.rotateSeed, { body });
export const diceBet = (body: BodyOf<typeof inhouseEndpoints.diceBet>) => call(inhouseEndpoints.diceBet, { body });
export const slotSpin = (body: BodyOf<typeof inhouseEndpoints.slotSpin>) => call(inhouseEndpoints.slotSpin, { body });
export const andarBaharBet = (body: BodyOf<typeof inhouseEndpoints.andarBaharBet>) =>
  call(inhouseEndpoints.andarBaharBet, { body });
export const minesStart = (body: BodyOf<typeof inhouseEndpoints.minesStart>) =>
  call(inhouseEndpoints.minesStart, { body });
export const minesReveal = (body: BodyOf<typeof inhouseEndpoints.minesReveal>) =>
  call(inhouseEndpoints.minesReveal, { body });
export const minesCashOut = (body: BodyOf<typeof inhouseEndpoints.minesCashOut>) =>
  call(inhouseEndpoints.minesCashOut, { body });

/** After a round: the balance (header included), the seeds' nonce and the rounds lists read again. */
export function useAfterRound() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    for (const def of [walletEndpoints.balance, inhouseEndpoints.fairness, inhouseEndpoints.rounds]) {
      void queryClient.invalidateQueries({ queryKey: [def.name] });
    }
  }, [queryClient]);
}
