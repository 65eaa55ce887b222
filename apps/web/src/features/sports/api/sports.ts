import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import {
  sportsEndpoints,
  walletEndpoints,
  type SportKind,
  type SportsCashOutQuote,
  type SportsSlip,
  type SportsSlipInput,
} from '@khela/contracts';
import { call, type ApiError } from '../../../lib/api-client.ts';
import { useMemberQuery } from '../../../lib/member-query.ts';
import { useEndpointQuery } from '../../../lib/query.ts';

/** Events per page of the list ("load more" adds the next). */
export const EVENTS_PAGE_SIZE = 20;
/** Without the live stream, the list and the open event are read again this often. */
export const SPORTS_POLL_MS = 5_000;

/** The sports (or e-sports) with their competitions and counts of live and upcoming events. */
export function useSportsMenu(kind: SportKind) {
  return useEndpointQuery(sportsEndpoints.menu, { query: { kind } }, { staleTime: 30_000 });
}

export interface EventsFilter {
  kind: SportKind;
  tab: 'live' | 'upcoming';
  sport?: string;
  competition?: string;
}

/** The event list with its main markets, page by page; `poll` reads every loaded page again. */
export function useSportsEvents(filter: EventsFilter, poll: number | false) {
  const { i18n } = useTranslation();
  const query = {
    kind: filter.kind,
    tab: filter.tab,
    ...(filter.sport && { sport: filter.sport }),
    ...(filter.competition && { competition: filter.competition }),
  };
  return useInfiniteQuery({
    queryKey: [sportsEndpoints.events.name, i18n.language, query],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      call(sportsEndpoints.events, {
        query: { ...query, pageNo: String(pageParam), pageSize: String(EVENTS_PAGE_SIZE) } as never,
        signal,
      }),
    getNextPageParam: (last) => (last.pageNo * last.pageSize < last.total ? last.pageNo + 1 : undefined),
    refetchInterval: poll,
    staleTime: 2_000,
  });
}

/** One event with every market. */
export function useSportsEvent(id: number | null, poll: number | false) {
  return useEndpointQuery(
    sportsEndpoints.event,
    { params: { id: String(id ?? 0) } as never },
    { enabled: id !== null, refetchInterval: poll, staleTime: 2_000 },
  );
}

/** My slips, open or settled, newest first. */
export function useMySlips(token: string | null, status: 'open' | 'settled', pageNo: number) {
  return useMemberQuery(
    sportsEndpoints.mySlips,
    token,
    { query: { status, pageNo: String(pageNo), pageSize: '10' } as never },
    { refetchInterval: status === 'open' ? 10_000 : false },
  );
}

export const placeSlip = (body: SportsSlipInput) => call(sportsEndpoints.place, { body });

export const cashOutQuote = (slipId: number): Promise<SportsCashOutQuote> =>
  call(sportsEndpoints.cashOutQuote, { params: { id: String(slipId) } as never });

export const cashOut = (slipId: number, amount: string): Promise<SportsSlip & { balance: string }> =>
  call(sportsEndpoints.cashOut, { params: { id: String(slipId) } as never, body: { amount } });

/** After a slip or a cash-out: the balance (the header's too), my slips and the odds read again. */
export function useAfterSportsChange() {
  const client = useQueryClient();
  return useCallback(() => {
    for (const def of [walletEndpoints.balance, sportsEndpoints.mySlips, sportsEndpoints.events, sportsEndpoints.event])
      void client.invalidateQueries({ queryKey: [def.name] });
  }, [client]);
}

export type { ApiError };
