import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import {
  inhouseEndpoints,
  walletEndpoints,
  type BodyOf,
  type CrashState,
  type InhouseGameName,
  type QueryOf,
} from '@khela/contracts';
import { call, type ApiError } from '../../../lib/api-client.ts';
import { clockOffset } from '../utils/crash.ts';
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
export const crashBet = (body: BodyOf<typeof inhouseEndpoints.crashBet>) => call(inhouseEndpoints.crashBet, { body });
export const crashCashOut = (body: BodyOf<typeof inhouseEndpoints.crashCashOut>) =>
  call(inhouseEndpoints.crashCashOut, { body });

/** The server's clock as the crash screen reads it: Date.now() plus the offset of its last answer or event. */
export const crashClock = {
  offset: 0,
  now: () => Date.now() + crashClock.offset,
  /** Takes the offset from a `serverTime` just received. */
  sync: (serverTime: string) => {
    crashClock.offset = clockOffset(serverTime);
  },
};

/** The crash state's cache key: per session (the member's own bet is in it) and language. */
export const crashStateKey = (token: string | null, language: string) =>
  [inhouseEndpoints.crashState.name, token, language] as const;

/** The crash round now, its bets, the recent crash points and the chain; for visitors too. */
export function useCrashState(token: string | null, enabled = true) {
  const { i18n } = useTranslation();
  return useQuery<CrashState, ApiError>({
    queryKey: crashStateKey(token, i18n.language),
    queryFn: async ({ signal }) => {
      const state = await call(inhouseEndpoints.crashState, { signal });
      crashClock.sync(state.serverTime);
      return state;
    },
    staleTime: 0,
    enabled,
  });
}

/** After a round: the balance (header included), the seeds' nonce and the rounds lists read again. */
export function useAfterRound() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    for (const def of [walletEndpoints.balance, inhouseEndpoints.fairness, inhouseEndpoints.rounds]) {
      void queryClient.invalidateQueries({ queryKey: [def.name] });
    }
  }, [queryClient]);
}
