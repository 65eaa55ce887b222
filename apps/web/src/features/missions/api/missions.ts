import { useMutation, useQueryClient } from '@tanstack/react-query';
import { missionEndpoints, walletEndpoints, type ValueOf } from '@khela/contracts';
import { call, type ApiError } from '../../../lib/api-client.ts';
import { useEndpointQuery } from '../../../lib/query.ts';

/** MCSFE_getMissionSummaryDetails: open (O) or ended (C) missions with the caller's progress. */
export function useMissions(status: 'O' | 'C') {
  return useEndpointQuery(missionEndpoints.summary, { query: { status, page: '1', size: '20' } });
}

/** MCSFE_getMissionLeaderboard, read when the board is opened. */
export function useMissionLeaderboard(missionId: number, enabled: boolean) {
  return useEndpointQuery(missionEndpoints.leaderboard, { query: { missionId: String(missionId) } }, { enabled });
}

/** The missionLeaderboard menu badge (rewards reached, not yet claimed). */
export function useMissionBadge(enabled: boolean) {
  return useEndpointQuery(missionEndpoints.badge, {}, { enabled, staleTime: 60_000 });
}

export type ClaimInput = { missionId: number; milestoneId: number };

/** MCSFE_claimMissionReward: then the missions, the badge and the balances are read again. */
export function useClaimMissionReward() {
  const client = useQueryClient();
  return useMutation<ValueOf<typeof missionEndpoints.claim>, ApiError, ClaimInput>({
    mutationFn: (body) => call(missionEndpoints.claim, { body }),
    onSettled: () => {
      for (const def of [missionEndpoints.summary, missionEndpoints.badge, walletEndpoints.balance]) {
        void client.invalidateQueries({ queryKey: [def.name] });
      }
    },
  });
}
