import { useMutation, useQueryClient } from '@tanstack/react-query';
import { luckyEndpoints, walletEndpoints, type ValueOf } from '@khela/contracts';
import { call, type ApiError } from '../../../lib/api-client.ts';
import { useEndpointQuery } from '../../../lib/query.ts';

const refresh = (client: ReturnType<typeof useQueryClient>, defs: { name: string }[]) => {
  for (const def of [...defs, walletEndpoints.balance]) void client.invalidateQueries({ queryKey: [def.name] });
};

/** Red envelopes open, coming and lately closed, with my grab (read again every 30 s while shown). */
export function useRedEnvelopes() {
  return useEndpointQuery(luckyEndpoints.redEnvelopes, {}, { staleTime: 10_000, refetchInterval: 30_000 });
}

export function useGrab() {
  const client = useQueryClient();
  return useMutation<ValueOf<typeof luckyEndpoints.grab>, ApiError, number>({
    mutationFn: (id) => call(luckyEndpoints.grab, { params: { id: String(id) } }),
    onSettled: () => refresh(client, [luckyEndpoints.redEnvelopes]),
  });
}

/** MCSFE_getRafflePromotionStatus */
export function useRaffles() {
  return useEndpointQuery(luckyEndpoints.raffleStatus, {}, { staleTime: 10_000, refetchInterval: 60_000 });
}

/** MCS2_claimRafflePromotion */
export function useClaimRaffle() {
  const client = useQueryClient();
  return useMutation<ValueOf<typeof luckyEndpoints.raffleClaim>, ApiError, number>({
    mutationFn: (raffleId) => call(luckyEndpoints.raffleClaim, { body: { raffleId } }),
    onSettled: () => refresh(client, [luckyEndpoints.raffleStatus]),
  });
}

export function useSignUpReward() {
  return useEndpointQuery(luckyEndpoints.signUpRewardStatus, {});
}

type SignUpBody = { messenger: 'zalo' | 'whatsapp'; messengerId: string; deviceId?: string };

/** MCSFE_signUpRequestReward */
export function useRequestSignUpReward() {
  const client = useQueryClient();
  return useMutation<ValueOf<typeof luckyEndpoints.signUpRewardRequest>, ApiError, SignUpBody>({
    mutationFn: (body) => call(luckyEndpoints.signUpRewardRequest, { body }),
    onSuccess: (status) => client.setQueriesData({ queryKey: [luckyEndpoints.signUpRewardStatus.name] }, status),
  });
}
