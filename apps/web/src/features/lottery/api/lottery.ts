import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { lotteryEndpoints, walletEndpoints, type BodyOf, type LotteryPurchase } from '@khela/contracts';
import { call } from '../../../lib/api-client.ts';
import { useMemberQuery } from '../../../lib/member-query.ts';
import { useEndpointQuery } from '../../../lib/query.ts';

/** §7 /lgw/vn/games/game_menu: our lottery games in their groups, each with its open draw. */
export function useLotteryMenus(prizeMode: string) {
  return useEndpointQuery(lotteryEndpoints.vnMenus, { query: { prizeMode, device: 'WEB' } }, { staleTime: 30_000 });
}

/**
 * The draw a game takes bets on now, with the server's clock and the previous result; read again
 * every few seconds only while the draw just before the open one has not been published yet.
 */
export function useNearDraw(gameCode: string | null) {
  return useEndpointQuery(
    lotteryEndpoints.near,
    { query: { gameCode: gameCode ?? '' } },
    {
      enabled: Boolean(gameCode),
      staleTime: 0,
      refetchInterval: (query) => {
        const near = query.state.data;
        if (!near) return false;
        const awaited = Date.parse(near.opensAt);
        const published = near.previous ? Date.parse(near.previous.drawAt) : 0;
        return published < awaited && Date.now() - awaited < 120_000 ? 4_000 : false;
      },
    },
  );
}

/** A game's latest drawn (or voided) draws with their seeds: public, newest first. */
export function useDrawHistory(gameCode: string | null) {
  return useEndpointQuery(
    lotteryEndpoints.drawHistory,
    { params: { code: gameCode ?? '' }, query: { pageSize: '5' } },
    { enabled: Boolean(gameCode), staleTime: 0 },
  );
}

/** My tickets in a game, newest first. */
export function useMyTickets(token: string | null, gameCode: string | null) {
  return useMemberQuery(
    lotteryEndpoints.myTickets,
    token,
    { query: { ...(gameCode && { gameCode }), pageSize: '20' } },
    {
      enabled: Boolean(gameCode),
      // A ticket whose draw time has passed settles within seconds: read again until none waits.
      refetchInterval: (query) =>
        query.state.data?.list.some((ticket) => ticket.state === 'pending' && Date.parse(ticket.drawAt) < Date.now())
          ? 4_000
          : false,
    },
  );
}

/** The lottery games list (/lgw/games), optionally of one prize mode: the /lott and /elott centres. */
export function useLotteryGames(prizeMode?: string) {
  return useEndpointQuery(lotteryEndpoints.games, { query: prizeMode ? { prizeMode } : {} }, { staleTime: 30_000 });
}

export const buyTickets = (body: BodyOf<typeof lotteryEndpoints.buy>): Promise<LotteryPurchase> =>
  call(lotteryEndpoints.buy, { body });

/** After a purchase or a draw: the balance (the header's too), my tickets, the draw and results read again. */
export function useAfterLotteryChange() {
  const client = useQueryClient();
  return useCallback(() => {
    for (const def of [
      walletEndpoints.balance,
      lotteryEndpoints.myTickets,
      lotteryEndpoints.near,
      lotteryEndpoints.drawHistory,
    ]) {
      void client.invalidateQueries({ queryKey: [def.name] });
    }
  }, [client]);
}
